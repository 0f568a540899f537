import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { coreMessage, loadCoreFromBytes } from '../../core';
import { apiError, json, renderPage, serve } from '../../test/render';
import type { MatchFormat } from '../tournament-shared/format';
import { adminTournament, FORMATS } from '../tournament-shared/testFixtures';
import { CreateTournamentCard, currentInput, EditTournamentDialog } from './TournamentConfigForm';

beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sentBody = (fetch: ReturnType<typeof serve>, method: string) => {
  const call = fetch.mock.calls.find(([, init]) => init?.method === method);
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : null;
};
const options = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe("the tournament's match formats", () => {
  it('offers the presets by name for each phase, single by default, and sends the chosen ids', async () => {
    const fetch = serve({ '/api/admin/events/7/tournament': adminTournament() });
    await renderPage(<CreateTournamentCard eventId={7} exists={false} loading={false} />);
    const pool = (await screen.findByLabelText('Matchs de poule')) as HTMLSelectElement;
    const knockout = screen.getByLabelText('Matchs éliminatoires') as HTMLSelectElement;
    expect(options(pool)).toEqual([
      'Simple (un score par match)',
      'Plage FIVB 21/21/15',
      'Récréatif 2 manches de 21, plafond 23',
      'Intérieur 25/25/15',
      'Chronométré',
    ]);
    expect([pool.value, knockout.value]).toEqual(['single', 'single']);
    expect(pool.className).toContain('min-h-11');
    fireEvent.change(pool, { target: { value: 'rec-2x21' } });
    fireEvent.change(knockout, { target: { value: 'fivb-beach' } });
    // Each choice says what it means.
    expect(screen.getByText("Les 2 manches de 21 se jouent toujours (plafond 23) ; 1-1 est un match nul.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Créer le tournoi' }));
    });
    await vi.waitFor(() => expect(sentBody(fetch, 'POST')).not.toBeNull());
    expect(sentBody(fetch, 'POST')).toMatchObject({ poolFormat: 'rec-2x21', knockoutFormat: 'fivb-beach', courtsAvailable: 2 });
  });

  it("shows the current formats when editing, and says why a phase's format no longer changes (409 format_locked)", async () => {
    const tournament = adminTournament({ status: 'in_progress', poolFormat: FORMATS.fivbBeach, knockoutFormat: FORMATS.single });
    const fetch = serve({ '/api/admin/tournaments/5': apiError(409, 'format_locked', 'Le format ne peut plus changer : cette phase a déjà des scores.') });
    await renderPage(<EditTournamentDialog tournament={tournament} open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les détails du tournoi' });
    const pool = within(dialog).getByLabelText('Matchs de poule') as HTMLSelectElement;
    const knockout = within(dialog).getByLabelText('Matchs éliminatoires') as HTMLSelectElement;
    expect([pool.value, knockout.value]).toEqual(['fivb-beach', 'single']);
    fireEvent.change(pool, { target: { value: 'indoor-25' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    });
    expect(sentBody(fetch, 'PUT')).toMatchObject({ poolFormat: 'indoor-25', knockoutFormat: 'single' });
    await vi.waitFor(() => expect(pool.getAttribute('aria-invalid')).toBe('true'));
    const message = await coreMessage('format_locked', 'fr');
    expect(document.getElementById(pool.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe(message);
    expect(knockout.getAttribute('aria-invalid')).toBeNull();
  });

  it("keeps a custom format (made through the API) as it is, named by what it is", async () => {
    const custom: MatchFormat = { ...FORMATS.fivbBeach, preset: null, sets: { sets: 5, playAll: false, points: 25, decidingPoints: 15, winByTwo: true, cap: null, timeLimitMinutes: null } };
    const tournament = adminTournament({ poolFormat: custom, knockoutFormat: FORMATS.fivbBeach });
    const fetch = serve({ '/api/admin/tournaments/5': () => json(200, tournament) });
    await renderPage(<EditTournamentDialog tournament={tournament} open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les détails du tournoi' });
    const pool = within(dialog).getByLabelText('Matchs de poule') as HTMLSelectElement;
    expect(pool.selectedOptions[0]?.textContent).toBe('Personnalisé : au meilleur de 5 manches de 25 points, manche décisive à 15');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    });
    await vi.waitFor(() => expect(sentBody(fetch, 'PUT')).not.toBeNull());
    expect(sentBody(fetch, 'PUT')).toMatchObject({ poolFormat: { sets: custom.sets, points: custom.points, tiebreaks: custom.tiebreaks }, knockoutFormat: 'fivb-beach' });
    // Choosing another pool count (PoolEstimates) sends the formats unchanged too.
    expect(currentInput(tournament)).toMatchObject({ poolFormat: { sets: custom.sets }, knockoutFormat: 'fivb-beach' });
  });
});

describe("a phase's custom format", () => {
  const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
  const valueOf = (scope: HTMLElement, label: string) => (within(scope).getByLabelText(label) as HTMLInputElement).value;
  const checkedOf = (scope: HTMLElement, label: string) => (within(scope).getByLabelText(label) as HTMLInputElement).checked;
  const poolFields = () => screen.getByRole('group', { name: 'Format personnalisé : Matchs de poule' });
  const create = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Créer le tournoi' }));
    });
  };

  it("is chosen with 'Personnaliser', starts from the preset shown, and is sent as the custom object", async () => {
    const fetch = serve({ '/api/admin/events/7/tournament': adminTournament() });
    await renderPage(<CreateTournamentCard eventId={7} exists={false} loading={false} />);
    const pool = (await screen.findByLabelText('Matchs de poule')) as HTMLSelectElement;
    fireEvent.click(screen.getByRole('button', { name: 'Personnaliser le format des matchs de poule' }));
    expect(pool.value).toBe('custom');
    expect(pool.selectedOptions[0]?.textContent).toBe('Personnalisé');
    const fields = poolFields();
    // From 'Simple': one set of 25, won by two; the focus on the number of sets.
    expect(document.activeElement).toBe(within(fields).getByLabelText('Nombre de manches (1 à 5)'));
    expect(valueOf(fields, 'Nombre de manches (1 à 5)')).toBe('1');
    expect(valueOf(fields, 'Points par manche (1 à 99)')).toBe('25');
    expect(checkedOf(fields, 'Toutes les manches sont jouées')).toBe(false);
    expect(checkedOf(fields, 'Gagner par deux points')).toBe(true);
    // A single set has no deciding set.
    expect(within(fields).queryByLabelText('Points de la manche décisive (1 à 99, facultatif)')).toBeNull();
    for (const input of within(fields).getAllByRole('spinbutton')) expect(input.className).toContain('min-h-11');
    type(fields, 'Nombre de manches (1 à 5)', '3');
    type(fields, 'Points de la manche décisive (1 à 99, facultatif)', '15');
    type(fields, 'Plafond de points (jusqu\'à 99, facultatif)', '27');
    // The knockout keeps its preset.
    expect(screen.queryByRole('group', { name: 'Format personnalisé : Matchs éliminatoires' })).toBeNull();
    await create();
    await vi.waitFor(() => expect(sentBody(fetch, 'POST')).not.toBeNull());
    expect(sentBody(fetch, 'POST')?.poolFormat).toEqual({
      sets: { sets: 3, playAll: false, points: 25, decidingPoints: 15, winByTwo: true, cap: 27, timeLimitMinutes: null },
    });
    expect(sentBody(fetch, 'POST')?.knockoutFormat).toBe('single');
  });

  it('starts from the preset chosen, keeps its values while another preset is shown, and needs no points when timed', async () => {
    const fetch = serve({ '/api/admin/events/7/tournament': adminTournament() });
    await renderPage(<CreateTournamentCard eventId={7} exists={false} loading={false} />);
    const pool = (await screen.findByLabelText('Matchs de poule')) as HTMLSelectElement;
    const knockout = screen.getByLabelText('Matchs éliminatoires') as HTMLSelectElement;
    fireEvent.change(pool, { target: { value: 'rec-2x21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Personnaliser le format des matchs de poule' }));
    const fields = poolFields();
    expect(valueOf(fields, 'Nombre de manches (1 à 5)')).toBe('2');
    expect(checkedOf(fields, 'Toutes les manches sont jouées')).toBe(true);
    expect(valueOf(fields, "Plafond de points (jusqu'à 99, facultatif)")).toBe('23');
    fireEvent.click(within(fields).getByLabelText('Toutes les manches sont jouées'));
    // A best-of of 2 sets has a deciding set, blank (like the others) unless given.
    expect(valueOf(fields, 'Points de la manche décisive (1 à 99, facultatif)')).toBe('');
    // Another preset hides the fields; 'Personnalisé' stays in the list and brings them back.
    fireEvent.change(pool, { target: { value: 'fivb-beach' } });
    expect(screen.queryByRole('group', { name: 'Format personnalisé : Matchs de poule' })).toBeNull();
    expect(options(pool)).toContain('Personnalisé');
    fireEvent.change(pool, { target: { value: 'custom' } });
    expect(checkedOf(poolFields(), 'Toutes les manches sont jouées')).toBe(false);
    // The knockout from 'Chronométré': 24 minutes of a running score, no points needed.
    fireEvent.change(knockout, { target: { value: 'timed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Personnaliser le format des matchs éliminatoires' }));
    const timed = screen.getByRole('group', { name: 'Format personnalisé : Matchs éliminatoires' });
    expect(valueOf(timed, 'Limite de temps en minutes (1 à 240, facultatif)')).toBe('24');
    expect(valueOf(timed, 'Points par manche (1 à 99)')).toBe('');
    await create();
    await vi.waitFor(() => expect(sentBody(fetch, 'POST')).not.toBeNull());
    expect(sentBody(fetch, 'POST')).toMatchObject({
      poolFormat: { sets: { sets: 2, playAll: false, points: 21, decidingPoints: null, winByTwo: true, cap: 23, timeLimitMinutes: null } },
      knockoutFormat: { sets: { sets: 1, playAll: true, points: 0, decidingPoints: null, winByTwo: true, cap: null, timeLimitMinutes: 24 } },
    });
  });

  it("shows centre-core's format_invalid under the phase's format for a cap below the points, and sends nothing", async () => {
    const fetch = serve({ '/api/admin/events/7/tournament': adminTournament() });
    await renderPage(<CreateTournamentCard eventId={7} exists={false} loading={false} />);
    const pool = (await screen.findByLabelText('Matchs de poule')) as HTMLSelectElement;
    fireEvent.click(screen.getByRole('button', { name: 'Personnaliser le format des matchs de poule' }));
    const fields = poolFields();
    type(fields, 'Nombre de manches (1 à 5)', '3');
    type(fields, 'Plafond de points (jusqu\'à 99, facultatif)', '20');
    await create();
    const message = await coreMessage('format_invalid', 'fr');
    await vi.waitFor(() => expect(pool.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(pool.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe(message);
    expect(document.activeElement).toBe(pool);
    expect(sentBody(fetch, 'POST')).toBeNull();
    // Correcting a custom field takes the message away.
    type(fields, 'Plafond de points (jusqu\'à 99, facultatif)', '27');
    expect(pool.getAttribute('aria-invalid')).toBeNull();
  });

  it("puts the server's 422 on the phase's format", async () => {
    const refused = 'Refusé par le serveur : format.';
    serve({ '/api/admin/events/7/tournament': () => json(422, { code: 'validation', message: 'x', fieldErrors: { knockoutFormat: refused } }) });
    await renderPage(<CreateTournamentCard eventId={7} exists={false} loading={false} />);
    const knockout = (await screen.findByLabelText('Matchs éliminatoires')) as HTMLSelectElement;
    fireEvent.click(screen.getByRole('button', { name: 'Personnaliser le format des matchs éliminatoires' }));
    await create();
    await vi.waitFor(() => expect(knockout.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(knockout.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe(refused);
  });

  it("shows a tournament's custom format in its fields, and sends it changed with its results table and tie-breaks", async () => {
    const custom: MatchFormat = {
      ...FORMATS.fivbBeach,
      preset: null,
      sets: { sets: 5, playAll: false, points: 25, decidingPoints: 15, winByTwo: false, cap: 30, timeLimitMinutes: null },
    };
    const tournament = adminTournament({ poolFormat: custom, knockoutFormat: FORMATS.single });
    const fetch = serve({ '/api/admin/tournaments/5': () => json(200, tournament) });
    await renderPage(<EditTournamentDialog tournament={tournament} open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les détails du tournoi' });
    const pool = within(dialog).getByLabelText('Matchs de poule') as HTMLSelectElement;
    expect(pool.value).toBe('custom');
    const fields = within(dialog).getByRole('group', { name: 'Format personnalisé : Matchs de poule' });
    expect(valueOf(fields, 'Nombre de manches (1 à 5)')).toBe('5');
    expect(checkedOf(fields, 'Toutes les manches sont jouées')).toBe(false);
    expect(valueOf(fields, 'Points par manche (1 à 99)')).toBe('25');
    expect(valueOf(fields, 'Points de la manche décisive (1 à 99, facultatif)')).toBe('15');
    expect(checkedOf(fields, 'Gagner par deux points')).toBe(false);
    expect(valueOf(fields, "Plafond de points (jusqu'à 99, facultatif)")).toBe('30');
    expect(valueOf(fields, 'Limite de temps en minutes (1 à 240, facultatif)')).toBe('');
    type(fields, "Plafond de points (jusqu'à 99, facultatif)", '');
    expect(pool.selectedOptions[0]?.textContent).toBe('Personnalisé');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    });
    await vi.waitFor(() => expect(sentBody(fetch, 'PUT')).not.toBeNull());
    expect(sentBody(fetch, 'PUT')?.poolFormat).toEqual({
      sets: { sets: 5, playAll: false, points: 25, decidingPoints: 15, winByTwo: false, cap: null, timeLimitMinutes: null },
      points: custom.points,
      tiebreaks: custom.tiebreaks,
    });
    expect(sentBody(fetch, 'PUT')?.knockoutFormat).toBe('single');
  });
});

describe('who enters the scores and who referees', () => {
  it('is the organisers and nobody by default; the teams bring their confirmation window, all sent', async () => {
    const fetch = serve({ '/api/admin/events/7/tournament': adminTournament() });
    await renderPage(<CreateTournamentCard eventId={7} exists={false} loading={false} />);
    const scoring = (await screen.findByLabelText('Qui saisit les scores')) as HTMLSelectElement;
    const duty = screen.getByLabelText('Arbitrage') as HTMLSelectElement;
    expect(options(scoring)).toEqual(["L'organisation", "Les équipes (l'autre équipe confirme)"]);
    expect(options(duty)).toEqual(['Aucune équipe de service', 'Une équipe de service par match']);
    expect([scoring.value, duty.value]).toEqual(['staff', 'none']);
    expect(screen.queryByLabelText('Délai de confirmation en minutes (1 à 1440)')).toBeNull();
    fireEvent.change(scoring, { target: { value: 'teams' } });
    fireEvent.change(duty, { target: { value: 'teams' } });
    const window = screen.getByLabelText('Délai de confirmation en minutes (1 à 1440)') as HTMLInputElement;
    expect(window.value).toBe('10');
    fireEvent.change(window, { target: { value: '1441' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Créer le tournoi' }));
    });
    // centre-core refuses it as the server would, and nothing is sent.
    expect(await screen.findByText('Le délai de confirmation doit être un nombre entier de 1 à 1440 minutes')).toBeTruthy();
    expect(sentBody(fetch, 'POST')).toBeNull();
    fireEvent.change(window, { target: { value: '30' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Créer le tournoi' }));
    });
    await vi.waitFor(() => expect(sentBody(fetch, 'POST')).not.toBeNull());
    expect(sentBody(fetch, 'POST')).toMatchObject({ scoring: 'teams', confirmMinutes: 30, duty: 'teams' });
  });

  it('shows the tournament’s choice when editing, and no longer offers a change once the schedule exists', async () => {
    const tournament = adminTournament({ status: 'in_progress', scoring: 'teams', confirmMinutes: 45, duty: 'teams' });
    serve({});
    await renderPage(<EditTournamentDialog tournament={tournament} open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les détails du tournoi' });
    const scoring = within(dialog).getByLabelText('Qui saisit les scores') as HTMLSelectElement;
    const window = within(dialog).getByLabelText('Délai de confirmation en minutes (1 à 1440)') as HTMLInputElement;
    const duty = within(dialog).getByLabelText('Arbitrage') as HTMLSelectElement;
    expect([scoring.value, window.value, duty.value]).toEqual(['teams', '45', 'teams']);
    expect([scoring.disabled, window.disabled, duty.disabled]).toEqual([true, true, true]);
  });
});
