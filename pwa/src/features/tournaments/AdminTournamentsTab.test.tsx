import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { coreMessage, loadCoreFromBytes } from '../../core';
import { db } from '../../db/database';
import { deviceId, tournamentEntries } from '../../db/outbox';
import { apiError, renderPage, serve } from '../../test/render';
import { AdminTournamentsTab } from './AdminTournamentsTab';
import { adminTournament, FORMATS, match, standing } from '../tournament-shared/testFixtures';

const event = {
  id: 7, title: 'Volley de la Saint-Jean', titleEn: null, description: 'x', descriptionEn: null, categoryId: 'volleyball',
  location: 'La Pêche', startDate: '2030-07-01T13:00:00Z', endDate: null, price: 0, maxParticipants: null,
  currentParticipants: 24, isActive: true, createdAt: '2030-01-01T13:00:00Z', requiresPayment: false, registrationCount: 6,
};
const past = { ...event, id: 8, title: 'Tournoi passé', startDate: '2020-07-01T13:00:00Z' };

const renderTab = () => renderPage(<AdminTournamentsTab />, '/admin?tab=tournaments');

/** Opens the match card's score dialog, enters 21–17 (Les Huards, Les Castors) and saves; the dialog closes. */
async function scoreHuardsCastors(card: HTMLElement) {
  await act(async () => {
    fireEvent.click(card);
  });
  const dialog = screen.getByRole('dialog', { name: 'Saisir le score du match' });
  fireEvent.change(within(dialog).getByLabelText(/Les Huards/), { target: { value: '21' } });
  fireEvent.change(within(dialog).getByLabelText(/Les Castors/), { target: { value: '17' } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
  });
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
});

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.outbox.clear(), db.cache.clear()]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.tournament-print').forEach((node) => node.remove());
});

describe('the Tournois tab', () => {
  it("lists only events to come, and says 'Aucun événement disponible' when there is none", async () => {
    serve({ '/api/admin/events': [past] });
    await renderTab();
    expect(await screen.findByText('Aucun événement disponible')).toBeTruthy();
    cleanup();

    serve({ '/api/admin/events': [past, event], '/api/admin/events/7/tournament': null });
    await renderTab();
    const select = await screen.findByLabelText('Événement');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Volley de la Saint-Jean - 01/07/2030']);
    // No tournament yet: the form with its defaults (2 courts, 20-minute matches, 10-minute
    // breaks, one pool), 'Créer le tournoi' enabled.
    expect((await screen.findByLabelText('Nombre de terrains (1 à 4)') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText("Durée d'un match en minutes (10 à 60)") as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText('Pause entre les matchs en minutes (5 à 30)') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText(/Nombre de poules/) as HTMLInputElement).value).toBe('1');
    expect((screen.getByRole('button', { name: 'Créer le tournoi' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the state, the schedule quality, the standings tabs, and scores from the schedule', async () => {
    const tournament = adminTournament({
      status: 'in_progress',
      poolCount: 2,
      quality: { slotsUsed: 5, lowerBound: 4, courtUsePercent: 83.4, backToBack: 1, longestWait: [], longestWaitMinutes: 60, estimatedEndTime: '2030-07-01T15:30:00Z' },
      duty: 'teams',
      dutyQuality: { conflicts: 0, spread: 1, backToBack: 2 },
    });
    const matches = [
      match({ id: 1, pool: 0, round: 1, status: 'completed', team1Score: 21, team2Score: 15, winnerId: 11 }),
      match({ id: 2, pool: 1, round: 1, team1Id: 13, team2Id: 14, team1Name: 'Les Loups', team2Name: 'Les Ours', courtNumber: 2, court: 2 }),
    ];
    const standings = [
      standing({ pool: 0, position: 1, teamId: 11, teamName: 'Les Huards', tournamentPoints: 3, wins: 1, pointsDifferential: 6 }),
      standing({ pool: 0, position: 2, teamId: 12, teamName: 'Les Castors', losses: 1, pointsDifferential: -6 }),
      standing({ pool: 0, position: 3, teamId: 15, teamName: 'Les Renards' }),
      standing({ pool: 1, position: 1, teamId: 13, teamName: 'Les Loups' }),
      standing({ pool: 1, position: 2, teamId: 14, teamName: 'Les Ours' }),
    ];
    serve({
      '/api/admin/events': [event],
      '/api/admin/events/7/tournament': tournament,
      '/api/admin/tournaments/5/matches': matches,
      '/api/admin/tournaments/5/standings': standings,
    });
    await renderTab();
    const status = await screen.findByTestId('tournament-status');
    expect(within(status).getByText('En cours')).toBeTruthy();
    expect(within(status).getByText('Tournoi - Volley de la Saint-Jean')).toBeTruthy();
    expect((within(status).getByRole('button', { name: "Générer l'horaire" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Créer le tournoi' }) as HTMLButtonElement).disabled).toBe(true);
    const quality = screen.getByTestId('schedule-quality');
    expect(quality.textContent).toContain('5 (minimum possible : 4)');
    expect(quality.textContent).toContain('83 %');
    expect(quality.textContent).toContain('60 min');
    // The teams referee: the duties' quality beside the schedule's.
    expect(within(quality).getByText('Arbitrages sans équipe').nextElementSibling?.textContent).toBe('0');
    expect(within(quality).getByText('Écart des arbitrages entre équipes').nextElementSibling?.textContent).toBe('1');
    expect(within(quality).getByText('Arbitrages consécutifs').nextElementSibling?.textContent).toBe('2');

    // One table per pool; the top 2 'Finale' (green), rows 3-4 'Demi-finale' (yellow).
    const tables = within(await screen.findByRole('tabpanel')).getAllByTestId('standings-table');
    expect(tables.map((table) => table.querySelector('caption')?.textContent)).toEqual(['Poule A', 'Poule B']);
    const rows = within(tables[0] as HTMLElement).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-zone'))).toEqual(['final', 'final', 'semifinal']);
    expect(rows[0]?.textContent).toContain('Finale');
    expect(rows[2]?.textContent).toContain('Demi-finale');
    expect(within(screen.getByRole('tabpanel')).getByText('Victoire 3 pts, Nul 1 pt, Défaite 0 pt')).toBeTruthy();
    // The print view: one page per pool, beside the app's root.
    expect(document.querySelectorAll('body > .tournament-print .print-page')).toHaveLength(2);

    // The standings tabs move with the arrow keys; no knockout yet.
    const general = screen.getByRole('tab', { name: 'Classement général' });
    await act(async () => {
      fireEvent.keyDown(general, { key: 'ArrowRight' });
    });
    expect(screen.getByRole('tab', { name: 'Quart de finale' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText("Les quarts de finale ne sont pas encore disponibles. Terminez d'abord la phase de poules.")).toBeTruthy();
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('tab', { name: 'Quart de finale' }), { key: 'End' });
    });
    expect(screen.getByText("La finale n'est pas encore disponible. Terminez d'abord les demi-finales.")).toBeTruthy();

    // 'Prochains matchs à saisir' lists the match waiting for its score; tapping it opens the dialog.
    const next = screen.getByTestId('next-to-score');
    const card = within(next).getByRole('button', { name: /Poule B - Ronde 1/ });
    expect(card.textContent).toContain('Terrain 2');
    // The completed pool match can be corrected while no knockout match exists.
    expect(screen.getByRole('button', { name: 'Corriger le score : Les Huards contre Les Castors' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(card);
    });
    const dialog = screen.getByRole('dialog', { name: 'Saisir le score du match' });
    const save = within(dialog).getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;
    const first = within(dialog).getByLabelText(/Les Loups/) as HTMLInputElement;
    const second = within(dialog).getByLabelText(/Les Ours/) as HTMLInputElement;
    expect([first.type, first.min, first.inputMode]).toEqual(['number', '0', 'numeric']);
    expect(save.disabled).toBe(true);
    fireEvent.change(first, { target: { value: '21' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(second, { target: { value: '19' } });
    expect(save.disabled).toBe(false);
    // Its work team is chosen among the event's teams (the standings'), not the two playing.
    const duty = within(dialog).getByLabelText('Équipe qui arbitre ce match');
    expect(within(duty).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choisir une équipe', 'Les Castors', 'Les Huards', 'Les Renards']);
  });

  it('shows the end time of each pool count before generating, and confirms before deleting', async () => {
    const estimates = [
      { poolCount: 1, poolSlots: 8, knockoutSlots: 3, totalMinutes: 330, endTime: '2030-07-01T18:30:00Z' },
      { poolCount: 2, poolSlots: 5, knockoutSlots: 3, totalMinutes: 240, endTime: '2030-07-01T17:00:00Z' },
    ];
    const fetch = serve({
      '/api/admin/events': [event],
      '/api/admin/events/7/tournament': adminTournament({ estimates }),
      '/api/admin/tournaments/5/matches': [],
      '/api/admin/tournaments/5/standings': [],
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await renderTab();
    const table = await screen.findByTestId('pool-estimates');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('5 h 30');
    expect(rows[0]?.textContent).toContain('14:30');
    expect(rows[0]?.textContent).toContain('Choix actuel');
    expect(rows[1]?.textContent).toContain('13:00');
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Choisir 2 poule(s)' })).toBeTruthy();
    expect((screen.getByRole('button', { name: "Générer l'horaire" }) as HTMLButtonElement).disabled).toBe(false);

    const remove = screen.getByRole('button', { name: 'Supprimer' });
    await act(async () => {
      fireEvent.click(remove);
    });
    expect(confirm).toHaveBeenCalledWith('Êtes-vous sûr de vouloir supprimer ce tournoi ? Cette action est irréversible.');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(await screen.findByText("Générez l'horaire pour voir les matchs.")).toBeTruthy();
  });

  it("scores through this phone's outbox: the score shows at once, waiting to sync, with the standings", async () => {
    const tournament = adminTournament({ status: 'in_progress' });
    serve({
      '/api/admin/events': [event],
      '/api/admin/events/7/tournament': tournament,
      '/api/admin/tournaments/5/matches': [match({ id: 1, tournamentId: 5, version: 4 })],
      '/api/admin/tournaments/5/standings': [
        standing({ position: 1, teamId: 11, teamName: 'Les Huards' }),
        standing({ position: 2, teamId: 12, teamName: 'Les Castors' }),
      ],
      '/api/admin/tournaments/5/conflicts': [],
      '/api/admin/sync/scores': apiError(503, 'unavailable'),
    });
    await renderTab();
    const card = within(await screen.findByTestId('next-to-score')).getByRole('button', { name: /Les Huards/ });
    await scoreHuardsCastors(card);
    expect(await tournamentEntries(5)).toMatchObject([{ seq: 1, matchId: 1, team1Score: 21, team2Score: 17, baseVersion: 4, eventId: 7, state: 'pending' }]);
    const scored = (await screen.findAllByText('En attente de synchronisation'))[0]?.closest('[data-testid="match-card"]') as HTMLElement;
    expect(scored.textContent).toContain('21');
    expect(scored.textContent).toContain('17');
    // Not to be corrected before the server has it; the winner leads the standings on the phone.
    expect(screen.queryByRole('button', { name: /Corriger le score/ })).toBeNull();
    const rows = within(screen.getByRole('tabpanel')).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Les Huards');
    expect(rows[0]?.textContent).toContain('3');
  });

  it("saves a score once the browser said 'offline' (the network went while the page was open)", async () => {
    serve({
      '/api/admin/events': [event],
      '/api/admin/events/7/tournament': adminTournament({ status: 'in_progress' }),
      '/api/admin/tournaments/5/matches': [match({ id: 1, tournamentId: 5, version: 4 })],
      '/api/admin/tournaments/5/standings': [],
      '/api/admin/tournaments/5/conflicts': [],
      '/api/admin/sync/scores': apiError(503, 'unavailable'),
    });
    await renderTab();
    const card = within(await screen.findByTestId('next-to-score')).getByRole('button', { name: /Les Huards/ });
    onlineManager.setOnline(false);
    try {
      await scoreHuardsCastors(card);
      expect(await tournamentEntries(5)).toMatchObject([{ seq: 1, matchId: 1, team1Score: 21, team2Score: 17, state: 'pending' }]);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("refuses a knockout draw in the dialog with the server's message, and lists the phone's refused scores", async () => {
    const final = match({ id: 9, roundType: 'final', bracketCode: 'F', pool: null, round: null });
    serve({
      '/api/admin/events': [event],
      '/api/admin/events/7/tournament': adminTournament({ status: 'in_progress' }),
      '/api/admin/tournaments/5/matches': [final],
      '/api/admin/tournaments/5/standings': [],
      '/api/admin/tournaments/5/conflicts': [],
    });
    await db.outbox.add({
      seq: 1, entryId: 'e1', tournamentId: 5, eventId: 7, matchId: 9, team1Score: 3, team2Score: 3, baseVersion: 1,
      enteredAt: '2030-07-01T14:00:00Z', state: 'rejected', code: 'knockout_draw', message: 'Un match éliminatoire ne peut pas finir à égalité.',
    });
    await renderTab();
    const refused = await screen.findByRole('region', { name: 'Scores refusés' });
    expect(refused.textContent).toContain('Les Huards contre Les Castors');
    expect(refused.textContent).toContain('3 – 3');
    expect(refused.textContent).toContain('Un match éliminatoire ne peut pas finir à égalité.');

    await act(async () => {
      fireEvent.click(within(screen.getByTestId('next-to-score')).getByRole('button', { name: /Finale/ }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Saisir le score du match' });
    fireEvent.change(within(dialog).getByLabelText(/Les Huards/), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText(/Les Castors/), { target: { value: '20' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(await coreMessage('knockout_draw', 'fr'));
    expect(await db.outbox.count()).toBe(1);
  });

  it("shows 'Conflits de score (n)' with both scores, who, which device and when, and keeps the one chosen", async () => {
    const conflict = {
      entryId: '0b6c3f1e-1111-4a2b-8c3d-123456789abc', matchId: 1, tournamentId: 5, team1Name: 'Les Huards', team2Name: 'Les Castors',
      roundType: 'pool', bracketCode: null, pool: 0, courtNumber: 2, scheduledTime: '2030-07-01T17:00:00Z',
      current: { team1Score: 21, team2Score: 15, enteredBy: 'Chloé Chef', deviceId: await deviceId(), enteredAt: '2030-07-01T17:20:00Z' },
      proposed: { team1Score: 18, team2Score: 21, enteredBy: 'Marc Marqueur', deviceId: 'a1b2c3d4-0000-4000-8000-000000000000', enteredAt: '2030-07-01T17:18:00Z', receivedAt: '2030-07-01T17:45:00Z' },
    };
    const fetch = serve({
      '/api/admin/events': [event],
      '/api/admin/events/7/tournament': adminTournament({ status: 'in_progress' }),
      '/api/admin/tournaments/5/matches': [match({ id: 1, status: 'completed', team1Score: 21, team2Score: 15, winnerId: 11 })],
      '/api/admin/tournaments/5/standings': [],
      '/api/admin/tournaments/5/conflicts': [conflict],
      [`/api/admin/score-conflicts/${conflict.entryId}/resolve`]: match({ id: 1, status: 'completed', team1Score: 18, team2Score: 21, winnerId: 12 }),
    });
    await renderTab();
    const panel = await screen.findByRole('region', { name: 'Conflits de score (1)' });
    await within(panel).findByText('Sur cet appareil');
    const text = panel.textContent ?? '';
    for (const part of ['Les Huards contre Les Castors', 'Terrain 2', '13:00', 'Score actuel', 'Score proposé', 'Saisi par Chloé Chef', 'Saisi par Marc Marqueur', 'Appareil a1b2c3d4', 'Sur cet appareil', 'Saisi à 13:18', 'Reçu à 13:45']) {
      expect(text).toContain(part);
    }
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Garder le score proposé : Les Huards contre Les Castors' }));
    });
    const call = fetch.mock.calls.find(([path]) => path.endsWith('/resolve'));
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ keep: 'proposed' });
    await vi.waitFor(() => expect(fetch.mock.calls.filter(([path]) => path.endsWith('/conflicts')).length).toBeGreaterThan(1));
  });

  it("names the teams of a dispute raised from a captain's phone: who proposed, who counter-proposed", async () => {
    const side = (team: string, team1Score: number, team2Score: number) => ({ team, team1Score, team2Score, enteredBy: null, deviceId: null, enteredAt: '2030-07-01T17:20:00Z', receivedAt: null });
    const conflict = {
      entryId: '0b6c3f1e-3333-4a2b-8c3d-123456789abc', matchId: 1, tournamentId: 5, team1Name: 'Les Huards', team2Name: 'Les Castors',
      roundType: 'pool', bracketCode: null, pool: 0, courtNumber: 2, scheduledTime: '2030-07-01T17:00:00Z',
      current: side('Les Huards', 21, 15),
      proposed: side('Les Castors', 15, 21),
    };
    serve({
      '/api/admin/events': [event],
      '/api/admin/events/7/tournament': adminTournament({ status: 'in_progress', scoring: 'teams' }),
      '/api/admin/tournaments/5/matches': [match({ id: 1 })],
      '/api/admin/tournaments/5/standings': [],
      '/api/admin/tournaments/5/conflicts': [conflict],
    });
    await renderTab();
    const panel = await screen.findByRole('region', { name: 'Conflits de score (1)' });
    expect(within(panel).getByText('Proposé par Les Huards')).toBeTruthy();
    expect(within(panel).getByText('Contre-proposé par Les Castors')).toBeTruthy();
    expect(within(panel).queryByText('Score actuel')).toBeNull();
  });
});

describe('the Tournois tab, scored in sets', () => {
  it("shows the formats, the sets of every score and conflict, and scores set by set through the outbox with the pool's format", async () => {
    const tournament = adminTournament({ status: 'in_progress', poolFormat: FORMATS.fivbBeach, knockoutFormat: FORMATS.fivbBeach });
    const played = match({ id: 1, tournamentId: 5, status: 'completed', team1Score: 2, team2Score: 0, winnerId: 11, sets: [[21, 15], [21, 19]] });
    const toPlay = match({ id: 2, tournamentId: 5, version: 3, team2Id: 13, team2Name: 'Les Loups', slotIndex: 1, round: 2 });
    const conflict = {
      entryId: '0b6c3f1e-2222-4a2b-8c3d-123456789abc', matchId: 1, tournamentId: 5, team1Name: 'Les Huards', team2Name: 'Les Castors',
      roundType: 'pool', bracketCode: null, pool: 0, courtNumber: 1, scheduledTime: '2030-07-01T13:00:00Z',
      current: { team1Score: 2, team2Score: 0, sets: [[21, 15], [21, 19]], enteredBy: 'Chloé Chef', deviceId: null, enteredAt: '2030-07-01T13:20:00Z', receivedAt: null },
      proposed: { team1Score: 1, team2Score: 2, sets: [[15, 21], [21, 17], [10, 15]], enteredBy: 'Marc Marqueur', deviceId: null, enteredAt: '2030-07-01T13:21:00Z', receivedAt: '2030-07-01T13:30:00Z' },
    };
    serve({
      '/api/admin/events': [event],
      '/api/admin/events/7/tournament': tournament,
      '/api/admin/tournaments/5/matches': [played, toPlay],
      '/api/admin/tournaments/5/standings': [
        standing({ position: 1, teamId: 11, teamName: 'Les Huards', tournamentPoints: 2, played: 1, wins: 1, pointsFor: 42, pointsAgainst: 34, pointsDifferential: 8, setsWon: 2, setsLost: 0, pointRatio: 1.2352941176470589, decidedBy: 'points' }),
        standing({ position: 2, teamId: 12, teamName: 'Les Castors', tournamentPoints: 1, played: 1, losses: 1, pointsFor: 34, pointsAgainst: 42, pointsDifferential: -8, setsWon: 0, setsLost: 2, setRatio: 0, pointRatio: 0.8095238095238095, decidedBy: 'set_ratio' }),
        standing({ position: 3, teamId: 13, teamName: 'Les Loups', tournamentPoints: 0 }),
      ],
      '/api/admin/tournaments/5/conflicts': [conflict],
      '/api/admin/sync/scores': apiError(503, 'unavailable'),
    });
    await renderTab();
    const status = await screen.findByTestId('tournament-status');
    expect(status.textContent).toContain('Format des poules');
    expect(status.textContent).toContain('Plage FIVB 21/21/15');

    const panel = await screen.findByRole('region', { name: 'Conflits de score (1)' });
    expect(within(panel).getAllByTestId('set-scores').map((line) => line.textContent)).toEqual(['Manches : 21-15, 21-19', 'Manches : 15-21, 21-17, 10-15']);
    const done = within(screen.getByTestId('pool-phase')).getAllByTestId('match-card')[0] as HTMLElement;
    expect(within(done).getByTestId('set-scores').textContent).toBe('Manches : 21-15, 21-19');
    const table = within(screen.getByRole('tabpanel')).getByTestId('standings-table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toContain('Q. manches');

    await act(async () => {
      fireEvent.click(within(screen.getByTestId('next-to-score')).getByRole('button', { name: /Les Loups/ }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Saisir le score du match' });
    fireEvent.change(within(dialog).getByLabelText('Manche 1, points de Les Huards'), { target: { value: '21' } });
    fireEvent.change(within(dialog).getByLabelText('Manche 1, points de Les Loups'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Manche 2, points de Les Huards'), { target: { value: '21' } });
    fireEvent.change(within(dialog).getByLabelText('Manche 2, points de Les Loups'), { target: { value: '12' } });
    expect(within(dialog).getByTestId('sets-summary').textContent).toBe('Gagnant : Les Huards, 2-0');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await tournamentEntries(5)).toMatchObject([{ matchId: 2, team1Score: 2, team2Score: 0, sets: [[21, 10], [21, 12]], baseVersion: 3, state: 'pending' }]);

    // Shown at once, waiting to sync, with its sets; the standings recomputed by centre-core
    // under the beach format: two wins, four sets won and none lost.
    const waiting = (await screen.findAllByText('En attente de synchronisation'))[0]?.closest('[data-testid="match-card"]') as HTMLElement;
    expect(within(waiting).getByTestId('set-scores').textContent).toBe('Manches : 21-10, 21-12');
    await vi.waitFor(() => {
      const first = within(within(screen.getByRole('tabpanel')).getByTestId('standings-table')).getAllByRole('row')[1] as HTMLElement;
      expect(within(first).getAllByRole('cell').map((td) => td.textContent)).toEqual(['1', '4', '2', '0', '0', '4-0', 'MAX', '84', '56', '1,500', '+28']);
    });
  });
});
