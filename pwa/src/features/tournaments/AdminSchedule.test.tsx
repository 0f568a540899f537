import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { loadCoreFromBytes } from '../../core';
import { renderPage, serve } from '../../test/render';
import { adminTournament, match } from '../tournament-shared/testFixtures';
import type { Match } from '../tournament-shared/types';
import { AdminSchedule } from './AdminSchedule';

const NOTHING_WAITS: ReadonlySet<number> = new Set();
const tournament = adminTournament({ status: 'in_progress' });

beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
});

afterEach(cleanup);

async function show(matches: Match[], waiting = NOTHING_WAITS) {
  serve({});
  await renderPage(<AdminSchedule tournament={tournament} matches={matches} teams={[]} waiting={waiting} loading={false} />);
}

const done = match({ id: 1, status: 'completed', team1Score: 21, team2Score: 15, winnerId: 11 });
const toPlay = match({ id: 2, team1Id: 13, team2Id: 14, team1Name: 'Les Loups', team2Name: 'Les Ours', slotIndex: 1 });
const final = match({
  id: 9, roundType: 'final', bracketCode: 'F', pool: null, round: null, team1Id: null, team2Id: null, team1Name: null, team2Name: null,
  team1From: 'SF1', team2From: 'SF2',
});
const correct = { name: 'Corriger le score : Les Huards contre Les Castors' };

describe("the console's schedule (centre-core's matchActions for the list shown)", () => {
  it('offers to correct a completed pool match until a knockout match exists', async () => {
    await show([done, toPlay]);
    expect(await screen.findByRole('button', correct)).toBeTruthy();
    cleanup();

    await show([done, toPlay, final]);
    await act(async () => {});
    expect(screen.queryByRole('button', correct)).toBeNull();
    // The pool match still to play is still offered; the final, its teams unknown, is not.
    const next = screen.getByTestId('next-to-score');
    expect(within(next).getAllByTestId('match-card').map((card) => card.textContent)).toEqual([expect.stringContaining('Les Loups')]);
  });

  it('offers no correction of a score this phone has not sent yet', async () => {
    await show([done, toPlay], new Set([1]));
    expect(await within(screen.getByTestId('next-to-score')).findByRole('button', { name: /Les Loups/ })).toBeTruthy();
    expect(screen.queryByRole('button', correct)).toBeNull();
  });
});
