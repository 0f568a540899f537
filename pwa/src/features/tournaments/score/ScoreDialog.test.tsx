import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Toaster } from '../../../components/toast';
import { coreMessage, loadCoreFromBytes } from '../../../core';
import { db } from '../../../db/database';
import i18n from '../../../i18n';
import { tournamentEntries } from '../../../db/outbox';
import { apiError, renderPage, serve } from '../../../test/render';
import type { Formats } from '../../tournament-shared/format';
import { FORMATS, match, standing } from '../../tournament-shared/testFixtures';
import type { Match } from '../../tournament-shared/types';
import { ScoreDialog, type ScoreKind } from './ScoreDialog';

beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
});

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.outbox.clear()]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BEACH: Formats = { pool: FORMATS.fivbBeach, knockout: FORMATS.fivbBeach };
const REC: Formats = { pool: FORMATS.rec2x21, knockout: FORMATS.fivbBeach };
const toPlay = match({ id: 3, tournamentId: 5, version: 4 });

async function open(formats: Formats, target: Match = toPlay, kind: ScoreKind = 'score') {
  const onClose = vi.fn();
  const fetch = serve({ '/api/admin/sync/scores': apiError(503, 'unavailable'), [`/api/admin/matches/${target.id}/correction`]: target });
  await renderPage(<ScoreDialog eventId={7} match={target} kind={kind} poolCount={1} formats={formats} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: kind === 'score' ? 'Saisir le score du match' : 'Corriger le score' });
  return { dialog, onClose, fetch };
}

/** The inputs of set `n` (1-based): team 1's, team 2's. */
const setInputs = (dialog: HTMLElement, n: number) =>
  [within(dialog).getByLabelText(`Manche ${n}, points de Les Huards`), within(dialog).getByLabelText(`Manche ${n}, points de Les Castors`)] as HTMLInputElement[];

function typeSet(dialog: HTMLElement, n: number, team1: string, team2: string) {
  const [first, second] = setInputs(dialog, n);
  fireEvent.change(first as HTMLInputElement, { target: { value: team1 } });
  fireEvent.change(second as HTMLInputElement, { target: { value: team2 } });
}

const rowCount = (dialog: HTMLElement) => within(dialog).queryAllByText(/^Manche \d$/).length;
const summary = (dialog: HTMLElement) => within(dialog).getByTestId('sets-summary').textContent;
const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;

describe('the score dialog, set by set (a phase with sets)', () => {
  it('adds a row per set until the match is decided, shows who leads, and keeps the sets in the outbox', async () => {
    const { dialog, onClose } = await open(BEACH);
    expect(within(dialog).getByText('Format : Plage FIVB 21/21/15')).toBeTruthy();
    // One large numeric input per team and set, labelled with the set and the team.
    const [first] = setInputs(dialog, 1);
    expect([first?.type, first?.inputMode, first?.min]).toEqual(['number', 'numeric', '0']);
    expect(first?.className).toContain('min-h-14');
    expect(rowCount(dialog)).toBe(1);
    expect(save(dialog).disabled).toBe(true);

    typeSet(dialog, 1, '21', '18');
    expect(summary(dialog)).toBe('En tête : Les Huards, 1-0');
    expect(rowCount(dialog)).toBe(2);
    typeSet(dialog, 2, '17', '21');
    expect(summary(dialog)).toBe('Égalité, 1-1');
    expect(rowCount(dialog)).toBe(3);
    typeSet(dialog, 3, '15', '10');
    expect(summary(dialog)).toBe('Gagnant : Les Huards, 2-1');
    // Best of three: no fourth set.
    expect(rowCount(dialog)).toBe(3);
    expect(save(dialog).disabled).toBe(false);

    await act(async () => {
      fireEvent.click(save(dialog));
    });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await tournamentEntries(5)).toMatchObject([
      { matchId: 3, team1Score: 2, team2Score: 1, sets: [[21, 18], [17, 21], [15, 10]], baseVersion: 4, state: 'pending' },
    ]);
  });

  it('stops at two sets when one team wins both', async () => {
    const { dialog } = await open(BEACH);
    typeSet(dialog, 1, '21', '15');
    typeSet(dialog, 2, '23', '21');
    expect(summary(dialog)).toBe('Gagnant : Les Huards, 2-0');
    expect(rowCount(dialog)).toBe(2);
  });

  it("refuses an impossible set with centre-core's message, and stores nothing", async () => {
    const { dialog, onClose } = await open(BEACH);
    typeSet(dialog, 1, '21', '20');
    typeSet(dialog, 2, '21', '15');
    await act(async () => {
      fireEvent.click(save(dialog));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(await coreMessage('set_win_by_two', 'fr'));
    expect(onClose).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
    // The message goes as soon as the sets change.
    typeSet(dialog, 1, '21', '19');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("refuses a set that is not a whole number under its row, with the score's message", async () => {
    const { dialog } = await open(BEACH);
    typeSet(dialog, 1, '21', '18');
    typeSet(dialog, 2, '2.5', '21');
    await act(async () => {
      fireEvent.click(save(dialog));
    });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Le score doit être un nombre entier positif ou nul');
    const [team1] = setInputs(dialog, 2);
    expect(team1?.getAttribute('aria-invalid')).toBe('true');
    expect(team1?.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(team1);
  });

  it('shows every set at once where all are played, and calls a 1-1 split a draw', async () => {
    const { dialog } = await open(REC);
    expect(within(dialog).getByText('Format : Récréatif 2 manches de 21, plafond 23')).toBeTruthy();
    expect(rowCount(dialog)).toBe(2);
    typeSet(dialog, 1, '21', '18');
    typeSet(dialog, 2, '19', '21');
    expect(summary(dialog)).toBe('Match nul, 1-1');
  });

  it('takes the knockout format for a knockout match, where a draw is refused', async () => {
    const semi = match({ id: 7, roundType: 'semifinal', bracketCode: 'SF1', pool: null, round: null, tournamentId: 5 });
    const { dialog } = await open({ pool: FORMATS.single, knockout: FORMATS.rec2x21 }, semi);
    expect(rowCount(dialog)).toBe(2);
    typeSet(dialog, 1, '21', '18');
    typeSet(dialog, 2, '19', '21');
    await act(async () => {
      fireEvent.click(save(dialog));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(await coreMessage('knockout_draw', 'fr'));
  });

  it('corrects a score in sets from the sets the match has, and sends them', async () => {
    const done = match({ id: 3, status: 'completed', team1Score: 2, team2Score: 0, winnerId: 11, sets: [[21, 18], [21, 17]] });
    const { dialog, fetch, onClose } = await open(BEACH, done, 'correction');
    expect(setInputs(dialog, 1).map((input) => input.value)).toEqual(['21', '18']);
    expect(setInputs(dialog, 2).map((input) => input.value)).toEqual(['21', '17']);
    expect(rowCount(dialog)).toBe(2);
    typeSet(dialog, 2, '17', '21');
    typeSet(dialog, 3, '15', '12');
    await act(async () => {
      fireEvent.click(save(dialog));
    });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetch.mock.calls.find(([path]) => path === '/api/admin/matches/3/correction');
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ team1Score: 2, team2Score: 1, sets: [[21, 18], [17, 21], [15, 12]] });
  });

  it("shows the server's refusal of a correction's sets", async () => {
    const done = match({ id: 3, status: 'completed', team1Score: 2, team2Score: 0, winnerId: 11, sets: [[21, 18], [21, 17]] });
    const onClose = vi.fn();
    serve({
      '/api/admin/matches/3/correction': () =>
        new Response(JSON.stringify({ code: 'validation', message: 'Certains champs sont invalides.', fieldErrors: { sets: 'Refusé par le serveur : manche.' } }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        }),
    });
    await renderPage(<ScoreDialog eventId={7} match={done} kind="correction" poolCount={1} formats={BEACH} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Corriger le score' });
    await act(async () => {
      fireEvent.click(save(dialog));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Refusé par le serveur : manche.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the two inputs of a single score where the phase has no sets', async () => {
    const { dialog } = await open({ pool: FORMATS.single, knockout: FORMATS.fivbBeach });
    expect(within(dialog).getAllByRole('spinbutton')).toHaveLength(2);
    expect(within(dialog).getByLabelText(/Les Huards/)).toBeTruthy();
    expect(within(dialog).queryByTestId('sets-summary')).toBeNull();
  });
});

describe("the score dialog's work team (where the teams referee)", () => {
  const teams = [
    standing({ teamId: 11, teamName: 'Les Huards' }),
    standing({ teamId: 12, teamName: 'Les Castors' }),
    standing({ teamId: 14, teamName: 'Les Ours' }),
    standing({ teamId: 13, teamName: 'Les Loups' }),
    standing({ teamId: 15, teamName: 'Les Renards', withdrawn: true }),
  ];
  const refereed = match({ id: 3, tournamentId: 5, dutyTeamId: 13, dutyTeamName: 'Les Loups' });

  async function openDuty(target: Match, answer: unknown = { ...target, dutyTeamId: 14, dutyTeamName: 'Les Ours' }, title = 'Saisir le score du match') {
    const onClose = vi.fn();
    const fetch = serve({ '/api/admin/sync/scores': apiError(503, 'unavailable'), [`/api/admin/matches/${target.id}/duty`]: answer });
    await renderPage(
      <>
        <ScoreDialog eventId={7} match={target} kind="score" poolCount={1} formats={BEACH} duty="teams" teams={teams} onClose={onClose} />
        <Toaster />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: title });
    return { dialog, onClose, fetch };
  }

  const choice = (dialog: HTMLElement) => within(within(dialog).getByRole('group', { name: "Équipe d'arbitrage" })).getByLabelText('Équipe qui arbitre ce match') as HTMLSelectElement;
  const change = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: "Changer l'arbitrage" }) as HTMLButtonElement;

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers the teams free to referee, starts on the current one, and sends the one chosen', async () => {
    const { dialog, onClose, fetch } = await openDuty(refereed);
    const select = choice(dialog);
    // Neither side of the match, nor a withdrawn team; by name.
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Les Loups', 'Les Ours']);
    expect(select.value).toBe('13');
    expect(select.className).toContain('min-h-11');
    expect(within(dialog).getByText("Une équipe libre à cette heure : elle ne joue ni n'arbitre un autre match.")).toBeTruthy();
    // Nothing to change until another team is chosen.
    expect(change(dialog).disabled).toBe(true);
    fireEvent.change(select, { target: { value: '14' } });
    expect(change(dialog).disabled).toBe(false);
    expect(change(dialog).className).toContain('min-h-11');

    await act(async () => {
      fireEvent.click(change(dialog));
    });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetch.mock.calls.find(([path]) => path === '/api/admin/matches/3/duty');
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ teamId: 14 });
    expect(await screen.findByText('Arbitrage changé')).toBeTruthy();
  });

  it("shows the server's refusal under the choice, and keeps the dialog open", async () => {
    const busy = () =>
      new Response(JSON.stringify({ code: 'duty_team_busy', message: 'Les Ours jouent ou arbitrent déjà à cette heure.' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      });
    const { dialog, onClose } = await openDuty(refereed, busy);
    fireEvent.change(choice(dialog), { target: { value: '14' } });
    await act(async () => {
      fireEvent.click(change(dialog));
    });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Les Ours jouent ou arbitrent déjà à cette heure.');
    expect(choice(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    // Another choice clears it.
    fireEvent.change(choice(dialog), { target: { value: '13' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('asks for a team where the work team is a knockout loser still to come', async () => {
    const semi = match({ id: 7, tournamentId: 5, roundType: 'final', bracketCode: 'F', pool: null, round: null, dutyFrom: 'Perdant SF1', dutyFromCode: 'SF1' });
    const { dialog } = await openDuty(semi);
    const select = choice(dialog);
    expect(select.value).toBe('');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choisir une équipe', 'Les Loups', 'Les Ours']);
    expect(change(dialog).disabled).toBe(true);
  });

  it('waits for the network, and says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { dialog } = await openDuty(refereed);
    expect(within(dialog).getByText("Changer l'arbitrage demande une connexion.")).toBeTruthy();
    fireEvent.change(choice(dialog), { target: { value: '14' } });
    expect(change(dialog).disabled).toBe(true);
  });

  it('is not offered without work teams, nor when correcting a score', async () => {
    serve({});
    await renderPage(<ScoreDialog eventId={7} match={refereed} kind="score" poolCount={1} formats={BEACH} teams={teams} onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Saisir le score du match' });
    expect(screen.queryByTestId('duty-choice')).toBeNull();
    cleanup();

    const done = match({ ...refereed, status: 'completed', team1Score: 2, team2Score: 0, winnerId: 11, sets: [[21, 18], [21, 17]] });
    await renderPage(<ScoreDialog eventId={7} match={done} kind="correction" poolCount={1} formats={BEACH} duty="teams" teams={teams} onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Corriger le score' });
    expect(screen.queryByTestId('duty-choice')).toBeNull();
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    try {
      const { dialog } = await openDuty(refereed, undefined, 'Enter the match score');
      const group = within(dialog).getByRole('group', { name: 'Work team' });
      expect(within(group).getByLabelText('Team refereeing this match')).toBeTruthy();
      expect(within(group).getByRole('button', { name: 'Change work team' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});
