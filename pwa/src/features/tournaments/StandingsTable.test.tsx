import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderPage, serve } from '../../test/render';
import { adminTournament, FORMATS, match, standing } from '../tournament-shared/testFixtures';
import { StandingsTable } from './StandingsTable';
import { StandingsTabs } from './StandingsTabs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A beach pool: Les Huards won both matches 2-0 (nothing lost: MAX), Les Castors and Les Loups
// level on points, separated by the set ratio.
const rows = [
  standing({ position: 1, teamId: 11, teamName: 'Les Huards', tournamentPoints: 4, played: 2, wins: 2, pointsFor: 84, pointsAgainst: 61, pointsDifferential: 23, setsWon: 4, setsLost: 0, setRatio: null, pointRatio: 1.3770491803278688, decidedBy: 'points' }),
  standing({ position: 2, teamId: 12, teamName: 'Les Castors', tournamentPoints: 3, played: 2, wins: 1, losses: 1, pointsFor: 90, pointsAgainst: 88, pointsDifferential: 2, setsWon: 2, setsLost: 3, setRatio: 0.6666666666666666, pointRatio: 1.0227272727272727, decidedBy: 'set_ratio' }),
  standing({ position: 3, teamId: 13, teamName: 'Les Loups', tournamentPoints: 3, played: 2, wins: 1, losses: 1, pointsFor: 70, pointsAgainst: 95, pointsDifferential: -25, setsWon: 2, setsLost: 4, setRatio: 0.5, pointRatio: 0.7368421052631579, decidedBy: null }),
];

const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);
const cellsOf = (table: HTMLElement, row: number) => within(within(table).getAllByRole('row')[row + 1] as HTMLElement).getAllByRole('cell').map((td) => td.textContent);

describe("the console's standings table", () => {
  it("adds 'Manches', 'Q. manches' and 'Q. points' where the pool's format has sets, and says what broke the tie", async () => {
    serve({});
    await renderPage(<StandingsTable rows={rows} format={FORMATS.fivbBeach} />);
    const table = await screen.findByTestId('standings-table');
    expect(headers(table)).toEqual(['Pos.', 'Équipe', 'Pts', 'V', 'N', 'D', 'Manches', 'Q. manches', 'BP', 'BC', 'Q. points', 'Diff']);
    expect(within(table).getByTitle('Quotient de manches (gagnées / perdues)')).toBeTruthy();
    expect(cellsOf(table, 0)).toEqual(['1', '4', '2', '0', '0', '4-0', 'MAX', '84', '61', '1,377', '+23']);
    expect(cellsOf(table, 1)).toEqual(['2', '3', '1', '0', '1', '2-3', '0,667', '90', '88', '1,023', '+2']);
    expect(screen.getByTestId('tie-break').textContent).toBe('Égalités départagées par le quotient de manches.');
  });

  it('keeps its columns for a single score, and names no tie-break when points decided', async () => {
    serve({});
    const single = rows.map((row) => ({ ...row, setsWon: null, setsLost: null, setRatio: null, pointRatio: null, decidedBy: row.position === 1 ? ('points' as const) : null }));
    await renderPage(<StandingsTable rows={single} format={FORMATS.single} />);
    const table = await screen.findByTestId('standings-table');
    expect(headers(table)).toEqual(['Pos.', 'Équipe', 'Pts', 'V', 'N', 'D', 'BP', 'BC', 'Diff']);
    expect(screen.queryByTestId('tie-break')).toBeNull();
  });

  it("gives the tabs' legend the format's points table", async () => {
    serve({});
    const tournament = adminTournament({ status: 'in_progress', poolFormat: FORMATS.fivbBeach, knockoutFormat: FORMATS.fivbBeach });
    await renderPage(<StandingsTabs tournament={tournament} standings={rows} matches={[match({ status: 'completed' })]} />);
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByText('Victoire 2 pts, Défaite 1 pt, Forfait 0 pt')).toBeTruthy();
    expect(within(panel).getByText('MAX')).toBeTruthy();
  });
});
