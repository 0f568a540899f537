// A captain reports their team's results on the event page, in a tournament the teams score.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { loadCoreFromBytes } from '../../core';
import { renderPage, serve } from '../../test/render';
import { TournamentStatusBadge } from '../tournament-shared/Badges';
import { match, matchReport } from '../tournament-shared/testFixtures';
import type { Match } from '../tournament-shared/types';
import { CaptainReports } from './CaptainReports';

beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});


const sent = (fetch: ReturnType<typeof serve>, path: string) =>
  fetch.mock.calls.filter(([p, init]) => p === path && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const matches: Match[] = [
  match({ id: 1, status: 'in_progress' }),
  match({ id: 2, late: true, team1Id: 13, team1Name: 'Les Hérons', team2Id: 11, team2Name: 'Les Huards', report: matchReport({}) }),
  match({ id: 3, team2Id: 14, team2Name: 'Les Loutres' }),
  match({ id: 4, team2Id: 15, team2Name: 'Les Ours', report: matchReport({ state: 'disputed', byTeamId: 11, counterTeam1Score: 18, counterTeam2Score: 21, counterByTeamId: 15 }) }),
  match({ id: 5, status: 'completed', team1Score: 21, team2Score: 3, late: true }),
];

describe("a captain's results to report", () => {
  it('lists the matches begun or reported, counts those to confirm, and confirms the other team’s result', async () => {
    const fetch = serve({ '/api/matches/2/report': match({ id: 2 }) });
    await renderPage(<CaptainReports eventId={7} teamId={11} matches={matches} poolCount={1} formats={{}} />);
    const section = await screen.findByTestId('captain-reports');
    expect(within(section).getByRole('status').textContent).toBe('1 résultat attend votre confirmation');
    const rows = within(section).getAllByTestId('captain-match');
    expect(rows.map((row) => within(row).getByText(/^Contre /).textContent)).toEqual(['Contre Les Castors', 'Contre Les Hérons', 'Contre Les Ours']);
    expect(within(rows[1]!).getByText('Les Hérons propose 21-18.')).toBeTruthy();
    expect(within(rows[2]!).getByText("Contesté (21-18 / 18-21) : l'organisation tranche.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Confirmer' }));
    });
    await vi.waitFor(() => expect(sent(fetch, '/api/matches/2/report')).toHaveLength(1));
    expect(sent(fetch, '/api/matches/2/report')[0]).toMatchObject({ team1Score: 21, team2Score: 18 });
    expect(typeof sent(fetch, '/api/matches/2/report')[0]!.clientId).toBe('string');
  });

  it("enters the team's result in the console's form, checked by centre-core, and sends it", async () => {
    const fetch = serve({ '/api/matches/1/report': match({ id: 1 }) });
    await renderPage(<CaptainReports eventId={7} teamId={11} matches={matches} poolCount={1} formats={{}} />);
    fireEvent.click(within((await screen.findAllByTestId('captain-match'))[0]!).getByRole('button', { name: 'Saisir le résultat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saisir le résultat' });
    fireEvent.change(within(dialog).getByLabelText(/Les Huards/), { target: { value: '21' } });
    fireEvent.change(within(dialog).getByLabelText(/Les Castors/), { target: { value: '15' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    });
    await vi.waitFor(() => expect(sent(fetch, '/api/matches/1/report')).toHaveLength(1));
    expect(sent(fetch, '/api/matches/1/report')[0]).toMatchObject({ team1Score: 21, team2Score: 15 });
  });

  it('shows nothing while no match of the team has begun', async () => {
    serve({});
    await renderPage(
      <>
        <TournamentStatusBadge status="in_progress" />
        <CaptainReports eventId={7} teamId={11} matches={[match({ id: 3 })]} poolCount={1} formats={{}} />
      </>,
    );
    // Drawn with its texts loaded: the absence is an answer, not a page still loading.
    await screen.findByText('En cours');
    expect(screen.queryByTestId('captain-reports')).toBeNull();
  });
});
