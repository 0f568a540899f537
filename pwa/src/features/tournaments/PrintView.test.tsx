import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import i18n from '../../i18n';
import { renderPage, serve } from '../../test/render';
import { adminTournament, match, standing } from '../tournament-shared/testFixtures';
import type { Match } from '../tournament-shared/types';
import { PrintView } from './PrintView';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

const names = { tournament: 'Tournoi - Volley de la Saint-Jean', event: 'Volley de la Saint-Jean' };
const standings = [standing({ teamId: 11, teamName: 'Les Huards' }), standing({ position: 2, teamId: 12, teamName: 'Les Castors' })];

/** The printed match tables: each one's headers and rows, as on paper. */
async function printed(matches: Match[]) {
  serve({});
  await renderPage(<PrintView tournament={adminTournament({ duty: 'teams' })} names={names} matches={matches} standings={standings} />);
  const view = await screen.findByTestId('print-view');

  return within(view)
    .getAllByRole('table')
    .filter((table) => table.getAttribute('data-testid') !== 'standings-table')
    .map((table) => ({
      headers: within(table).getAllByRole('columnheader').map((th) => th.textContent),
      rows: within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((td) => td.textContent)),
    }));
}

describe('the printed schedule', () => {
  it("adds 'Arbitrage' with each match's work team, the loser to come while the bracket fills", async () => {
    const tables = await printed([
      match({ id: 1, dutyTeamId: 13, dutyTeamName: 'Les Loups' }),
      match({ id: 2, slotIndex: 1, scheduledTime: '2030-07-01T13:30:00Z', team1Id: 13, team2Id: 14, team1Name: 'Les Loups', team2Name: 'Les Ours' }),
      match({ id: 9, roundType: 'final', bracketCode: 'F', pool: null, round: null, team1Id: null, team2Id: null, team1Name: null, team2Name: null, team1From: 'SF1', team2From: 'SF2', dutyFrom: 'Perdant SF1', dutyFromCode: 'SF1', slotIndex: 3, scheduledTime: '2030-07-01T15:00:00Z' }),
    ]);
    expect(tables.map((table) => table.headers)).toEqual([
      ['Heure', 'Terrain', 'Ronde', 'Équipe 1', 'Score', 'Équipe 2', 'Arbitrage'],
      ['Heure', 'Terrain', 'Ronde', 'Équipe 1', 'Score', 'Équipe 2', 'Arbitrage'],
    ]);
    expect(tables[0]?.rows).toEqual([
      ['09:00', '1', 'Ronde 1', 'Les Huards', '', 'Les Castors', 'Les Loups'],
      ['09:30', '1', 'Ronde 1', 'Les Loups', '', 'Les Ours', ''],
    ]);
    expect(tables[1]?.rows).toEqual([['11:00', '1', 'Finale', 'Gagnant de SF1', '', 'Gagnant de SF2', 'Perdant SF1']]);
  });

  it('leaves the column out of a table whose matches have no work team', async () => {
    const tables = await printed([
      match({ id: 1 }),
      match({ id: 9, roundType: 'final', bracketCode: 'F', pool: null, round: null, dutyTeamId: 13, dutyTeamName: 'Les Loups', slotIndex: 3 }),
    ]);
    expect(tables.map((table) => table.headers.at(-1))).toEqual(['Équipe 2', 'Arbitrage']);
    expect(tables[0]?.rows[0]).toHaveLength(6);
  });

  it("says 'Work team' in English", async () => {
    await i18n.changeLanguage('en');
    const tables = await printed([match({ id: 1, dutyTeamId: 13, dutyTeamName: 'Les Loups' })]);
    expect(tables[0]?.headers.at(-1)).toBe('Work team');
    expect(tables[0]?.rows[0]?.at(-1)).toBe('Les Loups');
  });
});
