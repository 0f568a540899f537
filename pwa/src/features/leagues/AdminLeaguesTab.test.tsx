import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18n from '../../i18n';
import { apiError, json, renderPage, serve as serveRoutes } from '../../test/render';
import { FORMATS } from '../tournament-shared/testFixtures';
import type { Movement, PublicLeague } from '../league-page/queries';

/** A team that joins the grid. */
const NEW: Movement = 'new';
import { AdminLeaguesTab } from './AdminLeaguesTab';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

/** An event of the console's list that is not over (its last day far ahead). */
const event = (id: number, title: string, hasTournament = false) => ({
  id,
  title,
  titleEn: null,
  startDate: '2099-06-08T22:30:00Z',
  endDate: '2099-08-10T01:00:00Z',
  hasTournament,
  registrationCount: 4,
  isActive: true,
});

const courts = [
  { id: 1, name: 'Terrain de volleyball 1', nameEn: 'Volleyball court 1' },
  { id: 2, name: 'Terrain de volleyball 2', nameEn: 'Volleyball court 2' },
];

const team = (teamId: number, teamName: string) => ({ teamId, teamName, movement: NEW, absent: false });

/** A league whose first night's grid is out: four teams in one tier of 4. */
const league: PublicLeague = {
  league: {
    id: 3,
    eventId: 7,
    startTime: '18:30',
    courts: [1],
    groupSize: 4,
    format: FORMATS.single,
    matchDurationMinutes: 15,
    confirmHours: 24,
    seeding: null,
    version: 1,
    nights: [
      { number: 1, date: '2099-06-08', state: 'published', cancelReason: null, cancelMessage: null },
      { number: 2, date: '2099-06-15', state: 'planned', cancelReason: null, cancelMessage: null },
    ],
  },
  night: {
    number: 1,
    date: '2099-06-08',
    state: 'published',
    cancelReason: null,
    cancelMessage: null,
    tiers: [
      {
        tier: 1,
        courtId: 1,
        courtName: 'Terrain de volleyball 1',
        courtNameEn: 'Volleyball court 1',
        teams: [team(11, 'Les Huards'), team(12, 'Les Castors de la Pêche-Nord'), team(13, 'Les Loups'), team(14, 'Les Ours')],
        matches: [],
      },
    ],
  },
};

const serve = (routes: Record<string, unknown>) =>
  serveRoutes({ '/api/auth/user': apiError(401, 'unauthorized'), '/api/admin/events': [event(7, 'Ligue du mardi')], '/api/courts': courts, ...routes });

/** The JSON bodies sent to `path` with `method`. */
function sent(fetch: ReturnType<typeof serveRoutes>, path: string, method: string): unknown[] {
  return fetch.mock.calls.filter(([p, init]) => p === path && init?.method === method).map(([, init]) => JSON.parse(String(init?.body)));
}

describe("the console's Ligues tab", () => {
  it('makes an event a league with the courts in the order they were ticked', async () => {
    const fetch = serve({ '/api/events/7/league': { league: null, night: null }, '/api/admin/events/7/league': () => json(201, league) });
    await renderPage(<AdminLeaguesTab />);
    const form = await screen.findByRole('form', { name: 'Créer la ligue' });
    fireEvent.change(within(form).getByLabelText(/Première soirée/), { target: { value: '2099-06-08' } });
    fireEvent.change(within(form).getByLabelText('Taille des groupes'), { target: { value: '4' } });
    fireEvent.click(await within(form).findByLabelText('Terrain de volleyball 2'));
    fireEvent.click(within(form).getByLabelText('Terrain de volleyball 1'));
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Créer la ligue' }));
    });
    expect(sent(fetch, '/api/admin/events/7/league', 'POST')).toEqual([
      { firstNight: '2099-06-08', weeks: '10', startTime: '18:30', courts: [2, 1], groupSize: '4', format: 'single', matchDurationMinutes: '15', confirmHours: '24' },
    ]);
  });

  it("puts the server's refusal on its field", async () => {
    serve({
      '/api/events/7/league': { league: null, night: null },
      '/api/admin/events/7/league': () => json(422, { code: 'validation', message: 'x', fieldErrors: { nights: 'Les terrains choisis sont fermés le 2099-10-05.' } }),
    });
    await renderPage(<AdminLeaguesTab />);
    const form = await screen.findByRole('form', { name: 'Créer la ligue' });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Créer la ligue' }));
    });
    expect(await screen.findByText('Les terrains choisis sont fermés le 2099-10-05.')).toBeTruthy();
  });

  it('says that an event with a tournament cannot be a league', async () => {
    serveRoutes({
      '/api/auth/user': apiError(401, 'unauthorized'),
      '/api/admin/events': [event(7, 'Tournoi de plage', true)],
      '/api/events/7/league': { league: null, night: null },
    });
    await renderPage(<AdminLeaguesTab />);
    expect(await screen.findByText('Cet événement a un tournoi : il ne peut pas aussi être une ligue.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Créer la ligue' })).toBeNull();
  });

  it('reorders the first grid with the arrows and saves the whole order', async () => {
    const fetch = serve({ '/api/events/7/league': league, '/api/admin/leagues/3/seeding': league });
    await renderPage(<AdminLeaguesTab />);
    const seeding = await screen.findByRole('region', { name: 'Ordre de départ' });
    const save = within(seeding).getByRole('button', { name: "Enregistrer l'ordre" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect((within(seeding).getByRole('button', { name: 'Monter Les Huards' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(seeding).getByRole('button', { name: 'Monter Les Loups' }));
    fireEvent.click(within(seeding).getByRole('button', { name: 'Descendre Les Huards' }));
    await act(async () => {
      fireEvent.click(save);
    });
    expect(sent(fetch, '/api/admin/leagues/3/seeding', 'PUT')).toEqual([{ teamIds: [13, 11, 12, 14] }]);
  });

  it('marks a team absent and cancels a night with its reason and message', async () => {
    const fetch = serve({
      '/api/events/7/league': league,
      '/api/admin/leagues/3/nights/1/availability': () => new Response(null, { status: 204 }),
      '/api/admin/leagues/3/nights/2/cancel': league,
    });
    await renderPage(<AdminLeaguesTab />);
    const absences = await screen.findByRole('region', { name: 'Absences, soirée 1' });
    await act(async () => {
      fireEvent.click(within(absences).getByLabelText('Les Ours est absente'));
    });
    expect(sent(fetch, '/api/admin/leagues/3/nights/1/availability', 'PUT')).toEqual([{ teamId: 14, available: false }]);
    const nights = screen.getByRole('region', { name: 'Les soirées' });
    expect(within(nights).getByRole('link', { name: 'Imprimer la grille, soirée 1' }).getAttribute('href')).toBe('/api/admin/leagues/3/nights/1.xlsx');
    fireEvent.click(within(nights).getByRole('button', { name: 'Annuler la soirée 2' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Raison'), { target: { value: 'storm' } });
    fireEvent.change(within(dialog).getByLabelText(/Message aux capitaines/), { target: { value: 'Orages prévus dès 17 h.' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler la soirée' }));
    });
    expect(sent(fetch, '/api/admin/leagues/3/nights/2/cancel', 'POST')).toEqual([{ reason: 'storm', message: 'Orages prévus dès 17 h.' }]);
  });
});
