import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
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
});
