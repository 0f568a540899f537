import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreFromBytes, loadedCore, type CoreModule } from '../../../core';
import type { OutboxEntry } from '../../../db/outbox';
import { FORMATS, match, standing } from '../../tournament-shared/testFixtures';
import { refusalOf, setsRefusal } from '../../tournament-shared/scoreCheck';
import { entriesToShow, project } from './projection';

beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
});

let seq = 0;
function entry(matchId: number, team1Score: number, team2Score: number, state: OutboxEntry['state'] = 'pending'): OutboxEntry {
  seq += 1;
  return {
    seq, entryId: `e${seq}`, tournamentId: 1, eventId: 7, matchId, team1Score, team2Score, baseVersion: 1,
    enteredAt: '2030-07-01T14:00:00Z', state, code: null, message: null,
  };
}

const pool = [
  match({ id: 1, team1Id: 11, team2Id: 12, team1Name: 'Les Huards', team2Name: 'Les Castors' }),
  match({ id: 2, team1Id: 11, team2Id: 13, team1Name: 'Les Huards', team2Name: 'Les Loups', status: 'completed', team1Score: 21, team2Score: 10, winnerId: 11 }),
  match({ id: 3, team1Id: 12, team2Id: 13, team1Name: 'Les Castors', team2Name: 'Les Loups' }),
];
const table = [
  standing({ position: 1, teamId: 11, teamName: 'Les Huards', tournamentPoints: 3, played: 1, wins: 1, pointsFor: 21, pointsAgainst: 10, pointsDifferential: 11 }),
  standing({ position: 2, teamId: 12, teamName: 'Les Castors' }),
  standing({ position: 3, teamId: 13, teamName: 'Les Loups', played: 1, losses: 1, pointsFor: 10, pointsAgainst: 21, pointsDifferential: -11 }),
];

describe("the console's view of this phone's waiting scores (centre-core)", () => {
  it('applies a waiting score, marks its match, and recomputes the pool standings', async () => {
    const shown = await project(pool, table, [entry(3, 21, 19)], 'fr');
    expect(shown.matches.find((m) => m.id === 3)).toMatchObject({ status: 'completed', team1Score: 21, team2Score: 19, winnerId: 12 });
    expect([...shown.waiting]).toEqual([3]);
    expect(shown.standings.map((s) => [s.teamName, s.tournamentPoints, s.pool])).toEqual([
      ['Les Huards', 3, 0],
      ['Les Castors', 3, 0],
      ['Les Loups', 0, 0],
    ]);
  });

  it('never overwrites a score the match already has, and shows only what is waiting or not fetched yet', async () => {
    const shown = await project(pool, table, [entry(2, 10, 21)], 'fr');
    expect(shown.matches.find((m) => m.id === 2)).toMatchObject({ team1Score: 21, team2Score: 10, winnerId: 11 });
    const waiting = entry(1, 21, 15);
    const applied = entry(3, 21, 19, 'applied');
    const fetched = entry(2, 21, 10, 'applied');
    expect(entriesToShow([waiting, applied, fetched, entry(1, 1, 2, 'rejected'), entry(3, 5, 21, 'conflict')], pool)).toEqual([waiting, applied]);
  });

  it('moves a knockout winner on, as the server will', async () => {
    const knockout = [
      match({ id: 7, roundType: 'semifinal', bracketCode: 'SF1', pool: null, round: null, team1Id: 11, team2Id: 12, team1Name: 'Les Huards', team2Name: 'Les Castors' }),
      match({ id: 8, roundType: 'semifinal', bracketCode: 'SF2', pool: null, round: null, team1Id: 13, team2Id: 14, team1Name: 'Les Loups', team2Name: 'Les Ours' }),
      match({ id: 9, roundType: 'final', bracketCode: 'F', pool: null, round: null, team1Id: null, team2Id: null, team1Name: null, team2Name: null, team1From: 'SF1', team2From: 'SF2' }),
    ];
    const shown = await project(knockout, [], [entry(7, 15, 21), entry(8, 21, 12)], 'fr');
    expect(shown.matches.find((m) => m.id === 9)).toMatchObject({ team1Id: 12, team1Name: 'Les Castors', team2Id: 13, team2Name: 'Les Loups', status: 'scheduled' });
    expect(await refusalOf(knockout[0]!, 20, 20, 'fr')).toBe('knockout_draw');
    expect(await refusalOf(knockout[0]!, 21, 20, 'fr')).toBeNull();
  });

  it('gives the final to the other side when its first team forfeited before its opponent was known', async () => {
    // Les Castors won SF1, then withdrew: their final is a forfeit waiting for SF2's winner.
    const knockout = [
      match({ id: 7, roundType: 'semifinal', bracketCode: 'SF1', pool: null, round: null, team1Id: 11, team2Id: 12, status: 'completed', team1Score: 15, team2Score: 21, winnerId: 12 }),
      match({ id: 8, roundType: 'semifinal', bracketCode: 'SF2', pool: null, round: null, team1Id: 13, team2Id: 14, team1Name: 'Les Loups', team2Name: 'Les Ours' }),
      match({ id: 9, roundType: 'final', bracketCode: 'F', pool: null, round: null, team1Id: 12, team2Id: null, team1Name: 'Les Castors', team2Name: null, team2From: 'SF2', forfeit: true, forfeitSide: 1 }),
    ];
    const shown = await project(knockout, [], [entry(8, 21, 12)], 'fr');
    expect(shown.matches.find((m) => m.id === 9)).toMatchObject({ team1Id: 12, team2Id: 13, status: 'completed', winnerId: 13 });
  });
});

describe("the projection of scores in sets (the tournament's formats)", () => {
  const beach = { pool: FORMATS.fivbBeach, knockout: FORMATS.fivbBeach };
  const withSets = (matchId: number, sets: [number, number][]): OutboxEntry => {
    const won = sets.filter(([a, b]) => a > b).length;
    return { ...entry(matchId, won, sets.length - won), sets };
  };

  it("applies a score's sets and ranks the pool by its format", async () => {
    const shown = await project(pool, table, [withSets(3, [[21, 18], [17, 21], [15, 10]])], 'fr', beach);
    expect(shown.matches.find((m) => m.id === 3)).toMatchObject({ status: 'completed', team1Score: 2, team2Score: 1, sets: [[21, 18], [17, 21], [15, 10]], winnerId: 12 });
    const castors = shown.standings.find((s) => s.teamName === 'Les Castors');
    expect(castors).toMatchObject({ setsWon: 2, setsLost: 1, setRatio: 2, pool: 0 });
    // Without a format, centre-core ranks a single score: no set columns, null as the API says.
    const single = await project(pool, table, [entry(3, 21, 19)], 'fr');
    expect(single.standings.find((s) => s.teamName === 'Les Castors')).toMatchObject({ setsWon: null, setRatio: null, pointRatio: null });
  });

  it("refuses a set that cannot happen under the match's format, with its code", async () => {
    const shown = await project(pool, table, [withSets(3, [[21, 20], [21, 15]])], 'fr', beach);
    expect(shown.matches.find((m) => m.id === 3)).toMatchObject({ status: 'scheduled', team1Score: null });
    expect(await refusalOf(pool[0]!, 2, 0, 'fr', { sets: [[21, 20], [21, 15]], formats: beach })).toBe('set_win_by_two');
    expect(await refusalOf(pool[0]!, 1, 1, 'fr', { sets: [[21, 18], [17, 21]], formats: beach })).toBe('sets_undecided');
    expect(await refusalOf(pool[0]!, 2, 0, 'fr', { sets: [[21, 18], [21, 17]], formats: beach })).toBeNull();
    // A single-score phase takes no sets.
    expect(await refusalOf(pool[0]!, 2, 0, 'fr', { sets: [[21, 18], [21, 17]] })).toBe('sets_count');
  });

  it('checks the sets of a completed match as a first score (a correction)', () => {
    const core = loadedCore() as CoreModule;
    const done = pool[1]!;
    expect(setsRefusal(core, done, [[21, 18], [21, 17]], beach, 'fr')).toBeNull();
    expect(setsRefusal(core, done, [[21, 18], [21, 17], [15, 3]], beach, 'fr')).toBe('set_after_decided');
  });
});

describe("a knockout match refereed by an earlier match's loser", () => {
  it('names the work team once this phone decides that match, before the score is sent', async () => {
    const bracket = [
      match({ id: 10, roundType: 'semifinal', bracketCode: 'SF1', pool: null, team1Id: 11, team2Id: 12, team1Name: 'Les Huards', team2Name: 'Les Castors' }),
      match({ id: 12, roundType: 'final', bracketCode: 'F', pool: null, team1Id: null, team2Id: null, team1Name: null, team2Name: null, dutyFrom: 'Perdant SF1', dutyFromCode: 'SF1' }),
    ];
    const before = await project(bracket, table, [], 'fr');
    expect(before.matches.find((m) => m.id === 12)).toMatchObject({ dutyTeamId: null, dutyFromCode: 'SF1' });
    const after = await project(bracket, table, [entry(10, 21, 15)], 'fr');
    expect(after.matches.find((m) => m.id === 12)).toMatchObject({ dutyTeamId: 12, dutyTeamName: 'Les Castors', dutyFrom: null, dutyFromCode: null });
  });
});

