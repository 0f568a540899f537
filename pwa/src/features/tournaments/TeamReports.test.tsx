// What the organisers see of the teams' own results: what waits for the other team, and the
// disputes they end in one tap (a score in this phone's outbox, as any score of the console).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { db } from '../../db/database';
import { tournamentEntries } from '../../db/outbox';
import { renderPage, serve } from '../../test/render';
import { match, matchReport } from '../tournament-shared/testFixtures';
import { TeamReports } from './TeamReports';

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.outbox.clear()]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const matches = [
  match({ id: 1, tournamentId: 5, team1Id: 13, team1Name: 'Les Hérons', report: matchReport({}) }),
  match({
    id: 2,
    tournamentId: 5,
    version: 3,
    report: matchReport({ state: 'disputed', byTeamId: 11, sets: [[21, 18], [21, 19]], team1Score: 2, team2Score: 0, counterByTeamId: 12, counterSets: [[21, 18], [19, 21], [12, 15]], counterTeam1Score: 1, counterTeam2Score: 2, deadline: null }),
  }),
  match({ id: 3, status: 'completed', team1Score: 21, team2Score: 3, report: matchReport({ state: 'confirmed', deadline: null }) }),
];

describe("the teams' results, as the organisers see them", () => {
  it('lists what waits for the other team with its deadline, and keeps one version of a dispute in one tap', async () => {
    const other = vi.fn();
    serve({});
    await renderPage(<TeamReports eventId={7} matches={matches} poolCount={1} onOtherScore={other} />);
    const card = await screen.findByTestId('team-reports');
    expect(within(card).getByText('À confirmer (1)')).toBeTruthy();
    expect(within(card).getByTestId('team-report-proposed').textContent).toContain('Proposé par Les Hérons : 21-18.');
    const dispute = within(card).getByTestId('team-report-disputed');
    expect(within(card).getByText('Contesté (1)')).toBeTruthy();
    expect(within(dispute).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Retenir 21-18, 21-19 (Les Huards)',
      'Retenir 21-18, 19-21, 12-15 (Les Castors)',
      'Autre score',
    ]);
    fireEvent.click(within(dispute).getByRole('button', { name: 'Autre score' }));
    expect(other).toHaveBeenCalledWith(2);
    await act(async () => {
      fireEvent.click(within(dispute).getByRole('button', { name: 'Retenir 21-18, 19-21, 12-15 (Les Castors)' }));
    });
    await vi.waitFor(async () => expect(await tournamentEntries(5)).toHaveLength(1));
    expect(await tournamentEntries(5)).toMatchObject([{ matchId: 2, team1Score: 1, team2Score: 2, sets: [[21, 18], [19, 21], [12, 15]] }]);
  });

  it('says there is nothing, rather than leaving a list empty', async () => {
    serve({});
    await renderPage(<TeamReports eventId={7} matches={[matches[2]!]} poolCount={1} onOtherScore={vi.fn()} />);
    const card = await screen.findByTestId('team-reports');
    expect(within(card).getAllByText('Aucun.')).toHaveLength(2);
  });
});
