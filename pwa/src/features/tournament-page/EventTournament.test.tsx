import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { apiError, renderPage, serve as serveRoutes } from '../../test/render';
import { EventTournament } from './EventTournament';
import { adminTournament, match, standing } from '../tournament-shared/testFixtures';

const me = { id: 'u1', firstName: 'Marie', lastName: 'Tremblay', email: 'marie@example.org', profileImageUrl: null, createdAt: '2026-01-02T15:00:00Z' };
const { quality, estimates, ...tournament } = adminTournament({ status: 'in_progress', poolCount: 1 });
void quality;
void estimates;

/** Signed out unless the routes say otherwise. */
const serve = (routes: Record<string, unknown>) => serveRoutes({ '/api/auth/user': apiError(401, 'unauthorized'), ...routes });

const renderPart = () => renderPage(<EventTournament eventId="7" />);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const matches = [
  match({ id: 1, round: 1, status: 'completed', team1Score: 21, team2Score: 12, winnerId: 11, scheduledTime: '2030-07-01T13:00:00Z' }),
  match({ id: 2, round: 2, status: 'in_progress', team1Id: 13, team2Id: 11, team1Name: 'Les Loups', team2Name: 'Les Huards', scheduledTime: '2030-07-01T13:30:00Z', courtNumber: 2, court: 2 }),
  match({ id: 3, round: 3, team1Id: 12, team2Id: 13, team1Name: 'Les Castors', team2Name: 'Les Loups', scheduledTime: '2030-07-01T14:00:00Z' }),
];
const standings = [
  standing({ position: 1, teamId: 11, teamName: 'Les Huards', tournamentPoints: 3, wins: 1, pointsDifferential: 9 }),
  standing({ position: 2, teamId: 13, teamName: 'Les Loups', tournamentPoints: 0 }),
  standing({ position: 3, teamId: 12, teamName: 'Les Castors', tournamentPoints: 0, losses: 1, pointsDifferential: -9 }),
  standing({ position: 4, teamId: 14, teamName: 'Les Ours', tournamentPoints: 0 }),
];

describe("the event page's tournament", () => {
  it('says so when the event has no tournament', async () => {
    serve({ '/api/events/7/tournament': { tournament: null, matches: [], standings: [] } });
    await renderPart();
    expect(await screen.findByText("Aucun tournoi n'est encore prévu pour cet événement.")).toBeTruthy();
  });

  it("lists the matches with their badges and names the rounds from the translations", async () => {
    serve({ '/api/events/7/tournament': { tournament, matches, standings } });
    await renderPart();
    const items = await screen.findAllByTestId('public-match');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Ronde 1'),
      expect.stringContaining('Ronde 2'),
      expect.stringContaining('Ronde 3'),
    ]);
    expect(within(items[0] as HTMLElement).getByText('21')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Terminé')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('En cours')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Terrain 2')).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText('À venir')).toBeTruthy();
    // No member signed in: no team card, no highlighted row.
    expect(screen.queryByTestId('your-team')).toBeNull();
    expect(document.querySelector('[aria-current]')).toBeNull();
  });

  it("gives medals to the top three and shows a signed-in member's team", async () => {
    serve({
      '/api/auth/user': me,
      '/api/events/7/tournament': { tournament, matches, standings },
      '/api/events/7/user-team': { eventId: 7, teamId: 12, teamName: 'Les Castors', captainName: 'Marie Tremblay', standing: standings[2], nextMatch: matches[2] },
    });
    await renderPart();
    const card = await screen.findByTestId('your-team');
    expect(within(card).getByRole('heading', { name: 'Votre équipe' })).toBeTruthy();
    expect(card.textContent).toContain('Capitaine : Marie Tremblay');
    expect(card.textContent).toContain('Rang 3');
    expect(card.textContent).toContain('-9');
    expect(within(card).getByTestId('your-next-match').textContent).toContain('Contre Les Loups');
    expect(within(card).getByTestId('your-next-match').textContent).toContain('10:00 · Terrain 1');

    const rows = screen.getAllByTestId('public-standing');
    expect(rows.map((row) => row.textContent?.includes('Les Huards'))).toEqual([true, false, false, false]);
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: "Médaille d'or" })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: "Médaille d'argent" })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: 'Médaille de bronze' })).toBeTruthy();
    expect(within(rows[3] as HTMLElement).queryByRole('img')).toBeNull();
    const mine = rows.find((row) => row.getAttribute('aria-current') === 'true');
    expect(mine?.textContent).toContain('Les Castors');
    expect(mine?.textContent).toContain('Votre équipe');
  });

  it("says 'À déterminer' when the member's team has no next match", async () => {
    serve({
      '/api/auth/user': me,
      '/api/events/7/tournament': { tournament, matches, standings },
      '/api/events/7/user-team': { eventId: 7, teamId: 12, teamName: 'Les Castors', captainName: 'Marie Tremblay', standing: null, nextMatch: null },
    });
    await renderPart();
    const next = await screen.findByTestId('your-next-match');
    expect(next.textContent).toContain('À déterminer');
  });
});
