import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreFromBytes } from '../../../core';
import type { OutboxEntry } from '../../../db/outbox';
import { match, standing } from '../../tournament-shared/testFixtures';
import { entriesToShow, project, refusalOf } from './projection';

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
});
