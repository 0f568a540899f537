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
