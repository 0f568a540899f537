import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { db } from '../../../db/database';
import { enqueueEntry, recordAnswers } from '../../../db/outbox';
import { json, renderPage, serve } from '../../../test/render';
import { SYNC_PATH } from './push';
import { SyncStarter, SyncStatus } from './SyncStatus';

const score = (matchId: number) => enqueueEntry({ tournamentId: 5, eventId: 7, matchId, team1Score: 21, team2Score: 15, baseVersion: 1 });

/** The badge, with the engine running as the app's root runs it (ScoreSync). */
const renderStatus = () =>
  renderPage(
    <>
      <SyncStarter />
      <SyncStatus />
    </>,
  );

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.outbox.clear()]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the header badge of waiting scores', () => {
  it("says how many scores wait, with an accessible name, and counts down as they are answered", async () => {
    // The server is down: the scores keep waiting.
    vi.stubGlobal('fetch', vi.fn(async () => json(503, { message: 'x', code: 'unavailable' })));
    for (const id of [1, 2, 3]) await score(id);
    await renderStatus();
    const badge = await screen.findByRole('link', { name: '3 scores en attente de synchronisation' });
    expect(badge.textContent).toBe('3 scores en attente');
    expect(badge.getAttribute('href')).toBe('/admin?tab=tournaments');
    expect(badge.closest('[role="status"]')).toBeTruthy();

    await act(async () => {
      await recordAnswers([
        { seq: 1, outcome: 'applied', code: null, message: null },
        { seq: 2, outcome: 'conflict', code: null, message: null },
      ]);
    });
    expect((await screen.findByRole('link', { name: '1 score en attente de synchronisation' })).textContent).toBe('1 score en attente');

    await act(async () => {
      await recordAnswers([{ seq: 3, outcome: 'applied', code: null, message: null }]);
    });
    await vi.waitFor(() => expect(screen.queryByTestId('sync-badge')).toBeNull());
  });

  it('asks to sign in again when the session is gone, keeping the scores', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { message: 'Non authentifié', code: 'unauthenticated' })));
    await score(1);
    await renderStatus();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Votre session a expiré');
    expect(screen.getByRole('button', { name: 'Se reconnecter' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '1 score en attente de synchronisation' })).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('the header badge alone', () => {
  it('shows the waiting scores and sends nothing: the engine runs from the root', async () => {
    const fetch = serve({ '/api/auth/user': null });
    await score(1);
    await renderPage(<SyncStatus />);
    expect((await screen.findByRole('link', { name: '1 score en attente de synchronisation' })).textContent).toBe('1 score en attente');
    // What a push would take (the outbox read, the request) has long passed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetch.mock.calls.map(([path]) => path)).not.toContain(SYNC_PATH);
  });
});
