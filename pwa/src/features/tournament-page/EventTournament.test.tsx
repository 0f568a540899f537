import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import i18n from '../../i18n';
import { apiError, renderPage, serve as serveRoutes } from '../../test/render';
import { EventTournament } from './EventTournament';
import { adminTournament, FORMATS, match, matchReport, standing } from '../tournament-shared/testFixtures';
import type { Match } from '../tournament-shared/types';

const me = { id: 'u1', firstName: 'Marie', lastName: 'Tremblay', email: 'marie@example.org', profileImageUrl: null, createdAt: '2026-01-02T15:00:00Z' };
const { quality, estimates, ...tournament } = adminTournament({ status: 'in_progress', poolCount: 1 });
void quality;
void estimates;

/** Signed out unless the routes say otherwise. */
const serve = (routes: Record<string, unknown>) => serveRoutes({ '/api/auth/user': apiError(401, 'unauthorized'), ...routes });

const renderPart = () => renderPage(<EventTournament eventId="7" />);

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
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
      '/api/events/7/user-team': { eventId: 7, teamId: 12, teamName: 'Les Castors', captainName: 'Marie Tremblay', standing: standings[2], nextMatch: matches[2], finalPlace: null },
    });
    await renderPart();
    const card = await screen.findByTestId('your-team');
    expect(screen.getByRole('heading', { level: 2, name: 'Tournoi' })).toBeTruthy();
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
    // Drawn, not an emoji whose look depends on the system.
    expect(rows.map((row) => row.querySelector('svg[role="img"]') !== null)).toEqual([true, true, true, false]);
    expect(rows[0]?.textContent).not.toContain('🥇');
    const mine = rows.find((row) => row.getAttribute('aria-current') === 'true');
    expect(mine?.textContent).toContain('Les Castors');
    expect(mine?.textContent).toContain('Votre équipe');
  });

  it("says 'À déterminer' when the member's team has no next match", async () => {
    serve({
      '/api/auth/user': me,
      '/api/events/7/tournament': { tournament, matches, standings },
      '/api/events/7/user-team': { eventId: 7, teamId: 12, teamName: 'Les Castors', captainName: 'Marie Tremblay', standing: null, nextMatch: null, finalPlace: null },
    });
    await renderPart();
    const next = await screen.findByTestId('your-next-match');
    expect(next.textContent).toContain('À déterminer');
  });

  describe("the team's day", () => {
    // Les Castors (12): they played at 09:00, referee the match in progress, play at 10:00, and
    // referee the final, not timed yet; the 10:30 match is none of theirs.
    const day = [
      matches[0] as Match,
      { ...(matches[1] as Match), dutyTeamId: 12, dutyTeamName: 'Les Castors' },
      matches[2] as Match,
      match({ id: 4, round: 4, team1Id: 11, team2Id: 13, team1Name: 'Les Huards', team2Name: 'Les Loups', scheduledTime: '2030-07-01T14:30:00Z', dutyTeamId: 14, dutyTeamName: 'Les Ours' }),
      match({ id: 9, roundType: 'final', bracketCode: 'F', pool: null, round: null, team1Id: null, team2Id: null, team1Name: null, team2Name: null, team1From: 'SF1', team2From: 'SF2', scheduledTime: null, slotIndex: 5, dutyTeamId: 12, dutyTeamName: 'Les Castors' }),
    ];
    const castors = { eventId: 7, teamId: 12, teamName: 'Les Castors', captainName: 'Marie Tremblay', standing: standings[2], nextMatch: matches[2], finalPlace: null };
    const lines = (list: HTMLElement) => within(list).getAllByRole('listitem');

    it('lists the matches the team plays and referees in time order, the done ones muted and the next one highlighted', async () => {
      serve({ '/api/auth/user': me, '/api/events/7/tournament': { tournament, matches: day, standings }, '/api/events/7/user-team': castors });
      await renderPart();
      const card = await screen.findByTestId('your-team');
      // The next match stays as it was, the day comes beside it.
      expect(within(card).getByTestId('your-next-match').textContent).toContain('Contre Les Loups');
      const yours = within(card).getByTestId('your-day');
      expect(within(yours).getByRole('heading', { name: 'Votre journée' })).toBeTruthy();
      const list = within(yours).getByRole('list', { name: 'Votre journée' });
      expect(list.tagName).toBe('OL');
      expect(lines(list).map((line) => line.textContent)).toEqual([
        'Vous jouez à 09:00 · terrain 1 contre Les HuardsTerminé',
        'Vous arbitrez à 09:30 · terrain 2',
        'Vous jouez à 10:00 · terrain 1 contre Les Loups',
        'Vous arbitrez · À définir · terrain 1',
      ]);
      const [played, refereeing, next] = lines(list) as HTMLElement[];
      expect(played?.className).toContain('text-slate-500');
      expect(within(played as HTMLElement).getByText('Terminé')).toBeTruthy();
      // The match in progress is the one to come now: only it stands out.
      expect(lines(list).map((line) => line.getAttribute('aria-current'))).toEqual([null, 'step', null, null]);
      expect(refereeing?.className).toContain('bg-brand-100');
      expect(next?.className).not.toContain('bg-brand-100');
    });

    it("marks a result the other team has not confirmed yet as 'provisoire'", async () => {
      const proposed = { ...(matches[2] as Match), report: matchReport({ state: 'proposed', team1Score: 21, team2Score: 18 }) };
      serve({ '/api/auth/user': me, '/api/events/7/tournament': { tournament, matches: [proposed], standings }, '/api/events/7/user-team': castors });
      await renderPart();
      const list = within(await screen.findByTestId('your-day')).getByRole('list', { name: 'Votre journée' });
      expect(lines(list)[0]?.textContent).toContain('Résultat proposé 21-18 (provisoire)');
    });

    it('says it in English', async () => {
      await i18n.changeLanguage('en');
      serve({ '/api/auth/user': me, '/api/events/7/tournament': { tournament, matches: day, standings }, '/api/events/7/user-team': castors });
      await renderPart();
      const list = within(await screen.findByTestId('your-day')).getByRole('list', { name: 'Your day' });
      expect(lines(list).map((line) => line.textContent)).toEqual([
        'You play at 09:00 · court 1 against Les HuardsCompleted',
        'You referee at 09:30 · court 2',
        'You play at 10:00 · court 1 against Les Loups',
        'You referee · To be set · court 1',
      ]);
    });

    it('is left out once the tournament is over, and when the team has no match', async () => {
      serve({ '/api/auth/user': me, '/api/events/7/tournament': { tournament: { ...tournament, status: 'completed' }, matches: day, standings }, '/api/events/7/user-team': castors });
      await renderPart();
      await screen.findByTestId('your-final-place');
      expect(screen.queryByTestId('your-day')).toBeNull();
      cleanup();

      serve({ '/api/auth/user': me, '/api/events/7/tournament': { tournament, matches: day, standings }, '/api/events/7/user-team': { ...castors, teamId: 15, teamName: 'Les Renards' } });
      await renderPart();
      await screen.findByTestId('your-next-match');
      expect(screen.queryByTestId('your-day')).toBeNull();
    });
  });

  const finished = { ...tournament, status: 'completed' as const };
  const doneTeam = (finalPlace: number | null) => ({ eventId: 7, teamId: 12, teamName: 'Les Castors', captainName: 'Marie Tremblay', standing: standings[2], nextMatch: null, finalPlace });

  it("says the tournament is over and the team's final place, not 'À déterminer'", async () => {
    serve({ '/api/auth/user': me, '/api/events/7/tournament': { tournament: finished, matches, standings }, '/api/events/7/user-team': doneTeam(3) });
    await renderPart();
    const next = await screen.findByTestId('your-next-match');
    expect(next.textContent).toBe('Tournoi terminé · 3e place');
  });

  it('says the final place in English, with its ordinal', async () => {
    await i18n.changeLanguage('en');
    for (const [place, text] of [[1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [22, '22nd']] as const) {
      serve({ '/api/auth/user': me, '/api/events/7/tournament': { tournament: finished, matches, standings }, '/api/events/7/user-team': doneTeam(place) });
      await renderPart();
      expect((await screen.findByTestId('your-next-match')).textContent).toBe(`Tournament over · ${text} place`);
      expect(screen.getByRole('heading', { level: 2, name: 'Tournament' })).toBeTruthy();
      cleanup();
    }
  });

  it('says only that the tournament is over for a team without a place', async () => {
    serve({ '/api/auth/user': me, '/api/events/7/tournament': { tournament: finished, matches, standings }, '/api/events/7/user-team': doneTeam(null) });
    await renderPart();
    expect((await screen.findByTestId('your-next-match')).textContent).toBe('Tournoi terminé');
  });
});

describe("the event page's tournament scored in sets", () => {
  it("reads each score set by set, and ranks with the sets won-lost, the ratios and what broke the tie", async () => {
    const beach = { ...tournament, poolFormat: FORMATS.fivbBeach, knockoutFormat: FORMATS.fivbBeach };
    const played = [
      match({ id: 1, round: 1, status: 'completed', team1Score: 2, team2Score: 1, winnerId: 11, sets: [[21, 18], [17, 21], [15, 10]] }),
      match({ id: 3, round: 3, team1Id: 12, team2Id: 13, team1Name: 'Les Castors', team2Name: 'Les Loups', scheduledTime: '2030-07-01T14:00:00Z' }),
    ];
    const table = [
      standing({ position: 1, teamId: 11, teamName: 'Les Huards', tournamentPoints: 2, played: 1, wins: 1, pointsFor: 53, pointsAgainst: 49, pointsDifferential: 4, setsWon: 2, setsLost: 1, setRatio: 2, pointRatio: 1.0816326530612246, decidedBy: 'points' }),
      standing({ position: 2, teamId: 12, teamName: 'Les Castors', tournamentPoints: 1, played: 1, losses: 1, pointsFor: 49, pointsAgainst: 53, pointsDifferential: -4, setsWon: 1, setsLost: 2, setRatio: 0.5, pointRatio: 0.9245283018867925, decidedBy: 'point_ratio' }),
      standing({ position: 3, teamId: 13, teamName: 'Les Loups', tournamentPoints: 1, played: 1, losses: 1, pointsFor: 45, pointsAgainst: 50, pointsDifferential: -5, setsWon: 1, setsLost: 2, setRatio: 0.5, pointRatio: 0.9, decidedBy: null }),
    ];
    serve({
      '/api/auth/user': me,
      '/api/events/7/tournament': { tournament: beach, matches: played, standings: table },
      '/api/events/7/user-team': { eventId: 7, teamId: 12, teamName: 'Les Castors', captainName: 'Marie Tremblay', standing: table[1], nextMatch: played[1], finalPlace: null },
    });
    await renderPart();
    const card = await screen.findByTestId('your-team');
    expect(within(card).getByText('Manches')).toBeTruthy();
    expect(within(card).getByText('1-2')).toBeTruthy();
    const [first, second] = screen.getAllByTestId('public-match');
    expect(within(first as HTMLElement).getByTestId('set-scores').textContent).toBe('Manches : 21-18, 17-21, 15-10');
    expect(within(first as HTMLElement).getByText('2')).toBeTruthy();
    expect(within(second as HTMLElement).queryByTestId('set-scores')).toBeNull();

    const rows = screen.getAllByTestId('public-standing');
    expect(rows.map((row) => within(row).getByTestId('public-standing-sets').textContent)).toEqual([
      'Manches 2-1 Q. manches 2,000 Q. points 1,082',
      'Manches 1-2 Q. manches 0,500 Q. points 0,925',
      'Manches 1-2 Q. manches 0,500 Q. points 0,900',
    ]);
    expect(screen.getByTestId('tie-break').textContent).toBe('Égalités départagées par le quotient de points.');
    expect(screen.getByText('Victoire 2 pts, Défaite 1 pt, Forfait 0 pt')).toBeTruthy();
  });
});
