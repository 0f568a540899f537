import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BracketCode } from '../../api/types';
import { loadCoreFromBytes, loadedCore, matchActions, type CoreModule } from '../../core';
import { byRound, knockoutColumns, nextStatusChange, nextToScore, roundAvailability, type KnockoutRound } from './schedule';
import { match } from './testFixtures';
import type { Match } from './types';

const ko = (id: number, roundType: KnockoutRound, bracketCode: BracketCode) =>
  match({ id, roundType, bracketCode, pool: null, round: null, team1Id: null, team2Id: null, team1Name: null, team2Name: null });

let core: CoreModule;

beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
  core = loadedCore() as CoreModule;
});

/** centre-core's answer for `list`: what the console offers on each match (src/core/). */
const actionsOf = (list: Match[]) => matchActions(core, list, 'fr');
const offered = (target: Match, list: Match[]) => actionsOf(list).get(target.id);

describe('what the console offers to score (centre-core decides, from the whole list)', () => {
  it('scores a match not completed whose two teams are known', () => {
    const canScore = (m: Match) => offered(m, [m])?.canScore;
    expect(canScore(match())).toBe(true);
    expect(canScore(match({ status: 'in_progress' }))).toBe(true);
    expect(canScore(match({ status: 'completed' }))).toBe(false);
    expect(canScore(ko(9, 'final', 'F'))).toBe(false);
  });

  it('corrects a completed pool match only while no knockout match exists', () => {
    const done = match({ id: 1, status: 'completed', team1Score: 21, team2Score: 10 });
    expect(offered(done, [done])?.canCorrect).toBe(true);
    expect(offered(done, [done, ko(9, 'final', 'F')])?.canCorrect).toBe(false);
    expect(offered(match({ status: 'scheduled' }), [match({ status: 'scheduled' })])?.canCorrect).toBe(false);
  });

  it("lists 'Prochains matchs à saisir' by time, then slot, then court", () => {
    const list = [
      match({ id: 1, scheduledTime: '2030-07-01T14:00:00Z', slotIndex: 2, courtNumber: 1 }),
      match({ id: 2, scheduledTime: '2030-07-01T13:00:00Z', slotIndex: 0, courtNumber: 2 }),
      match({ id: 3, scheduledTime: '2030-07-01T13:00:00Z', slotIndex: 0, courtNumber: 1 }),
      match({ id: 4, scheduledTime: null, slotIndex: 5 }),
      match({ id: 5, scheduledTime: '2030-07-01T12:00:00Z', status: 'completed' }),
    ];
    expect(nextToScore(list, actionsOf(list), 3).map((m) => m.id)).toEqual([3, 2, 1]);
    expect(nextToScore(list, actionsOf(list), 10).map((m) => m.id)).toEqual([3, 2, 1, 4]);
  });
});

describe('the knockout', () => {
  it('lays out the rounds in bracket order and leaves out absent rounds', () => {
    const columns = knockoutColumns([ko(3, 'final', 'F'), ko(2, 'semifinal', 'SF2'), ko(1, 'semifinal', 'SF1'), match()]);
    expect(columns.map((c) => [c.round, c.matches.map((m) => m.bracketCode)])).toEqual([
      ['semifinal', ['SF1', 'SF2']],
      ['final', ['F']],
    ]);
  });

  it("tells each round's tab whether it is there, not yet there, or not played", () => {
    const pools = [match()];
    expect(roundAvailability('quarterfinal', pools)).toBe('notYet');
    expect(roundAvailability('final', pools)).toBe('notYet');
    const semis = [...pools, ko(1, 'semifinal', 'SF1'), ko(2, 'semifinal', 'SF2'), ko(3, 'final', 'F')];
    expect(roundAvailability('quarterfinal', semis)).toBe('skipped');
    expect(roundAvailability('semifinal', semis)).toBe('available');
    expect(roundAvailability('final', semis)).toBe('available');
  });
});

describe('pool rounds and timing', () => {
  it('groups pool matches by round', () => {
    const groups = byRound([match({ id: 1, round: 2 }), match({ id: 2, round: 1 }), match({ id: 3, round: 2 })]);
    expect(groups.map(([round, list]) => [round, list.map((m) => m.id)])).toEqual([
      [1, [2]],
      [2, [1, 3]],
    ]);
  });

  it("knows when a scheduled match's time comes next", () => {
    const now = Date.parse('2030-07-01T13:30:00Z');
    const list = [
      match({ id: 1, scheduledTime: '2030-07-01T13:00:00Z' }),
      match({ id: 2, scheduledTime: '2030-07-01T14:30:00Z' }),
      match({ id: 3, scheduledTime: '2030-07-01T14:00:00Z' }),
      match({ id: 4, scheduledTime: '2030-07-01T13:45:00Z', status: 'completed' }),
    ];
    expect(nextStatusChange(list, now)).toBe(Date.parse('2030-07-01T14:00:00Z'));
    expect(nextStatusChange([], now)).toBeNull();
  });
});
