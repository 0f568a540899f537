// A captain reports their team's results on the event page, in a tournament the teams score:
// each report goes to this phone's outbox (sent when the server answers), and says so meanwhile.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { loadCoreFromBytes } from '../../core';
import { db } from '../../db/database';
import { enqueueReport, recordAnswers, reportEntries } from '../../db/outbox';
import { renderPage, serve } from '../../test/render';
import { TournamentStatusBadge } from '../tournament-shared/Badges';
import { match, matchReport } from '../tournament-shared/testFixtures';
import type { Match } from '../tournament-shared/types';
import { CaptainReports } from './CaptainReports';

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

/** What this phone's outbox holds for event 7: (match, scores, state). */
const kept = async () => (await reportEntries(7)).map((e) => [e.matchId, e.team1Score, e.team2Score, e.state]);

const matches: Match[] = [
  match({ id: 1, status: 'in_progress' }),
  match({ id: 2, late: true, team1Id: 13, team1Name: 'Les Hérons', team2Id: 11, team2Name: 'Les Huards', report: matchReport({}) }),
  match({ id: 3, team2Id: 14, team2Name: 'Les Loutres' }),
  match({ id: 4, team2Id: 15, team2Name: 'Les Ours', report: matchReport({ state: 'disputed', byTeamId: 11, counterTeam1Score: 18, counterTeam2Score: 21, counterByTeamId: 15 }) }),
  match({ id: 5, status: 'completed', team1Score: 21, team2Score: 3, late: true }),
];

describe("a captain's results to report", () => {
  it('lists the matches begun or reported, counts those to confirm, and confirms the other team’s result', async () => {
    serve({});
    await renderPage(<CaptainReports eventId={7} teamId={11} matches={matches} poolCount={1} formats={{}} confirmMinutes={10} />);
    const section = await screen.findByTestId('captain-reports');
    expect(within(section).getByRole('status').textContent).toBe('1 résultat attend votre confirmation');
    const rows = within(section).getAllByTestId('captain-match');
    expect(rows.map((row) => within(row).getByText(/^Contre /).textContent)).toEqual(['Contre Les Castors', 'Contre Les Hérons', 'Contre Les Ours']);
    expect(within(rows[1]!).getByText('Les Hérons propose 21-18.')).toBeTruthy();
    // The e-mail to the other captain links here: /event/7#match-2.
    expect(rows.map((row) => row.id)).toEqual(['match-1', 'match-2', 'match-4']);
    expect(within(rows[2]!).getByText("Contesté (21-18 / 18-21) : l'organisation tranche.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Confirmer' }));
    });
    await vi.waitFor(async () => expect(await kept()).toEqual([[2, 21, 18, 'pending']]));
    // Until the server answers, the match says what waits instead of offering it again.
    const row = (await screen.findAllByTestId('captain-match'))[1]!;
    // core's report rule says what it will do; the banner no longer counts it.
    await within(row).findByText("En attente d'envoi : 21-18");
    expect(within(row).getByText('Il confirmera le résultat.')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Confirmer' })).toBeNull();
    expect(within(await screen.findByTestId('captain-reports')).queryByRole('status')).toBeNull();
  });

  it('lets the work team propose the result of the match it referees, and leaves the answer to the playing teams', async () => {
    serve({});
    const refereed = [
      match({ id: 8, status: 'in_progress', team1Id: 13, team1Name: 'Les Hérons', team2Id: 14, team2Name: 'Les Loutres', dutyTeamId: 11, dutyTeamName: 'Les Huards' }),
      match({ id: 9, late: true, team1Id: 12, team1Name: 'Les Castors', team2Id: 13, team2Name: 'Les Hérons', dutyTeamId: 11, dutyTeamName: 'Les Huards', report: matchReport({ byTeamId: 12 }) }),
    ];
    await renderPage(<CaptainReports eventId={7} teamId={11} matches={refereed} poolCount={1} formats={{}} confirmMinutes={10} />);
    const [free, proposed] = (await screen.findAllByTestId('captain-match')) as [HTMLElement, HTMLElement];
    expect(within(free).getByText('Vous arbitrez : Les Hérons contre Les Loutres')).toBeTruthy();
    expect(within(free).getByRole('button', { name: 'Saisir le résultat' })).toBeTruthy();
    expect(within(proposed).getByText('Les Castors propose 21-18.')).toBeTruthy();
    expect(within(proposed).queryByRole('button')).toBeNull();
    // Nothing waits for this captain's confirmation: the work team does not answer.
    expect(within(screen.getByTestId('captain-reports')).queryByRole('status')).toBeNull();
  });

  it('says a waiting answer with another score will dispute the result', async () => {
    serve({});
    await enqueueReport({ eventId: 7, matchId: 2, team1Score: 18, team2Score: 21 });
    await renderPage(<CaptainReports eventId={7} teamId={11} matches={matches} poolCount={1} formats={{}} confirmMinutes={10} />);
    const row = (await screen.findAllByTestId('captain-match'))[1]!;
    await within(row).findByText("En attente d'envoi : 18-21");
    expect(within(row).getByText("Il contestera le résultat : l'organisation tranchera.")).toBeTruthy();
  });

  it('shows a proposal past its deadline confirmed, with no answer offered, even before the server says so', async () => {
    serve({});
    const lapsed = match({ id: 2, late: true, team1Id: 13, team1Name: 'Les Hérons', team2Id: 11, team2Name: 'Les Huards', report: matchReport({ deadline: '2020-07-01T13:40:00Z' }) });
    await renderPage(<CaptainReports eventId={7} teamId={11} matches={[lapsed]} poolCount={1} formats={{}} confirmMinutes={10} />);
    const row = await screen.findByTestId('captain-match');
    await within(row).findByText('21-18 : confirmé sans réponse dans le délai.');
    expect(within(row).queryByRole('button', { name: 'Confirmer' })).toBeNull();
    expect(within(screen.getByTestId('captain-reports')).queryByRole('status')).toBeNull();
  });

  it('draws the proposal confirmed when its deadline passes while the page is open', async () => {
    serve({});
    const soon = new Date(Date.now() + 1500).toISOString();
    const open = match({ id: 2, late: true, team1Id: 13, team1Name: 'Les Hérons', team2Id: 11, team2Name: 'Les Huards', report: matchReport({ deadline: soon }) });
    await renderPage(<CaptainReports eventId={7} teamId={11} matches={[open]} poolCount={1} formats={{}} confirmMinutes={10} />);
    const row = await screen.findByTestId('captain-match');
    await within(row).findByRole('button', { name: 'Confirmer' });
    await within(row).findByText('21-18 : confirmé sans réponse dans le délai.', {}, { timeout: 4000 });
    expect(within(row).queryByRole('button', { name: 'Confirmer' })).toBeNull();
  });

  it("enters the team's result in the console's form, checked by centre-core, and keeps it to send", async () => {
    serve({});
    await renderPage(<CaptainReports eventId={7} teamId={11} matches={matches} poolCount={1} formats={{}} confirmMinutes={10} />);
    fireEvent.click(within((await screen.findAllByTestId('captain-match'))[0]!).getByRole('button', { name: 'Saisir le résultat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saisir le résultat' });
    fireEvent.change(within(dialog).getByLabelText(/Les Huards/), { target: { value: '21' } });
    fireEvent.change(within(dialog).getByLabelText(/Les Castors/), { target: { value: '15' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    });
    await vi.waitFor(async () => expect(await kept()).toEqual([[1, 21, 15, 'pending']]));
  });

  it("says why the server refused a report, and offers the match's buttons again", async () => {
    serve({});
    const entry = await enqueueReport({ eventId: 7, matchId: 2, team1Score: 21, team2Score: 18 });
    await recordAnswers([{ seq: entry.seq, outcome: 'rejected', code: 'report_disputed', message: "Les deux équipes ont donné des résultats différents : l'organisation tranche." }]);
    await renderPage(<CaptainReports eventId={7} teamId={11} matches={matches} poolCount={1} formats={{}} confirmMinutes={10} />);
    const row = (await screen.findAllByTestId('captain-match'))[1]!;
    expect((await within(row).findByRole('alert')).textContent).toBe("Résultat refusé : Les deux équipes ont donné des résultats différents : l'organisation tranche.");
    expect(within(row).getByRole('button', { name: 'Confirmer' })).toBeTruthy();
  });

  it('shows nothing while no match of the team has begun', async () => {
    serve({});
    await renderPage(
      <>
        <TournamentStatusBadge status="in_progress" />
        <CaptainReports eventId={7} teamId={11} matches={[match({ id: 3 })]} poolCount={1} formats={{}} confirmMinutes={10} />
      </>,
    );
    // Drawn with its texts loaded: the absence is an answer, not a page still loading.
    await screen.findByText('En cours');
    expect(screen.queryByTestId('captain-reports')).toBeNull();
  });
});
