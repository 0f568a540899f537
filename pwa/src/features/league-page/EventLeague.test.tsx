import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18n from '../../i18n';
import { apiError, renderPage, serve as serveRoutes } from '../../test/render';
import { EventLeague } from './EventLeague';
import { FORMATS } from '../tournament-shared/testFixtures';
import type { Movement, PublicLeague } from './queries';

const serve = (routes: Record<string, unknown>) => serveRoutes({ '/api/auth/user': apiError(401, 'unauthorized'), ...routes });

const renderPart = () => renderPage(<EventLeague eventId="7" otherwise={<p>le tournoi</p>} />);

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

const team = (teamId: number, teamName: string, movement: Movement, absent = false) => ({ teamId, teamName, movement, absent });

/** The shape GET /api/events/{id}/league answers: night 2 published after night 1 was played. */
const answer: PublicLeague = {
  league: {
    id: 3,
    eventId: 7,
    startTime: '18:30',
    courts: [1, 2],
    groupSize: 3,
    format: FORMATS.single,
    matchDurationMinutes: 15,
    confirmHours: 24,
    seeding: null,
    version: 4,
    nights: [
      { number: 1, date: '2027-06-08', state: 'played', cancelReason: null, cancelMessage: null },
      { number: 2, date: '2027-06-15', state: 'published', cancelReason: null, cancelMessage: null },
      { number: 3, date: '2027-06-22', state: 'cancelled', cancelReason: 'storm', cancelMessage: null },
    ],
  },
  night: {
    number: 2,
    date: '2027-06-15',
    state: 'published',
    cancelReason: null,
    cancelMessage: null,
    tiers: [
      {
        tier: 1,
        courtId: 1,
        courtName: 'Terrain de volleyball 1',
        courtNameEn: 'Volleyball court 1',
        teams: [team(11, 'Les Huards', 'same'), team(12, 'Les Castors de la Pêche-Nord', 'up'), team(13, 'Les Loups', 'down', true)],
        matches: [
          { team1Id: 11, team2Id: 12, scheduledTime: '2027-06-15T22:30:00Z' },
          { team1Id: 11, team2Id: 13, scheduledTime: '2027-06-15T22:45:00Z' },
        ],
      },
    ],
  },
};

describe("the event page's league", () => {
  it('shows the week grid with moves, absences and the times at the centre', async () => {
    serve({ '/api/events/7/league': answer });
    await renderPart();
    const grid = await screen.findByRole('region', { name: 'Grille de la semaine' });
    const tier = within(grid).getByRole('heading', { name: 'Niveau 1 · Terrain de volleyball 1' }).closest('li') as HTMLElement;
    expect(within(tier).getByText("monte d'un niveau")).toBeTruthy();
    expect(within(tier).getByText("descend d'un niveau")).toBeTruthy();
    expect(within(tier).getByText('(absente)')).toBeTruthy();
    // 22:30 UTC on 15 June is 18:30 in Gatineau, whatever the browser's zone.
    expect(within(tier).getByText('18:30')).toBeTruthy();
    expect(tier.textContent).toContain('Les Huards – Les Castors de la Pêche-Nord');
    const nights = screen.getByRole('region', { name: 'Les soirées' });
    expect(nights.textContent).toContain('jouée');
    expect(nights.textContent).toContain('(orage)');
    expect(screen.getByRole('region', { name: 'Règlements' }).textContent).toContain('ne fait monter ni descendre personne');
    expect(screen.queryByText('le tournoi')).toBeNull();
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    serve({ '/api/events/7/league': answer });
    await renderPart();
    expect(await screen.findByRole('heading', { name: 'Tier 1 · Volleyball court 1' })).toBeTruthy();
    expect(screen.getByText('moves up a tier')).toBeTruthy();
  });

  it('is the tournament for an event that is no league, and while the league cannot be read', async () => {
    serve({ '/api/events/7/league': { league: null, night: null } });
    await renderPart();
    expect(await screen.findByText('le tournoi')).toBeTruthy();
    cleanup();
    serve({ '/api/events/7/league': apiError(500, 'internal') });
    await renderPart();
    expect(await screen.findByText('le tournoi')).toBeTruthy();
  });

  describe("a captain's team this week", () => {
    const me = { id: 'u1', firstName: 'Marie', lastName: 'Tremblay', email: 'marie@example.org', profileImageUrl: null, createdAt: '2026-01-02T15:00:00Z' };
    /** Marie registered Les Castors (registration 12) for event 7, and a team of another event. */
    const mine = [
      { id: 12, eventId: 7, teamName: 'Les Castors de la Pêche-Nord' },
      { id: 11, eventId: 8, teamName: 'Les Huards' },
    ];

    it('shows its tier, court and matches at the centre, and says the team cannot come', async () => {
      const fetch = serveRoutes({
        '/api/auth/user': me,
        '/api/events/7/league': answer,
        '/api/user/event-registrations': mine,
        '/api/leagues/3/nights/2/availability': () => new Response(null, { status: 204 }),
      });
      await renderPart();
      const card = await screen.findByRole('region', { name: 'Votre équipe' });
      expect(card.textContent).toContain('Les Castors de la Pêche-Nord');
      expect(card.textContent).toContain('Soirée 2 : niveau 1, Terrain de volleyball 1');
      expect(card.textContent).toContain("monte d'un niveau");
      expect(within(card).getByText('18:30 contre Les Huards')).toBeTruthy();
      await act(async () => {
        fireEvent.click(within(card).getByRole('button', { name: 'Nous ne pourrons pas venir' }));
      });
      const sent = fetch.mock.calls.filter(([path, init]) => path === '/api/leagues/3/nights/2/availability' && init?.method === 'PUT');
      expect(sent.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ teamId: 12, available: false }]);
    });

    it('is not shown to a member whose teams are elsewhere, nor to a visitor', async () => {
      serveRoutes({ '/api/auth/user': me, '/api/events/7/league': answer, '/api/user/event-registrations': [mine[1]] });
      await renderPart();
      await screen.findByRole('region', { name: 'Grille de la semaine' });
      expect(screen.queryByRole('region', { name: 'Votre équipe' })).toBeNull();
      cleanup();
      serve({ '/api/events/7/league': answer });
      await renderPart();
      await screen.findByRole('region', { name: 'Grille de la semaine' });
      expect(screen.queryByTestId('league-team')).toBeNull();
    });
  });
});
