import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { db } from '../../../db/database';
import { enqueueEntry, recordAnswers } from '../../../db/outbox';
import { apiError, renderPage, serve } from '../../../test/render';
import { syncState } from '../../../sync/engine';
import { registeredStreams } from '../../../sync/push';
import { SyncStarter } from '../../../sync/SyncStarter';
import { SYNC_PATH } from './push';
import { SyncStatus } from './SyncStatus';

const score = (matchId: number) => enqueueEntry({ tournamentId: 5, eventId: 7, matchId, team1Score: 21, team2Score: 15, baseVersion: 1 });

const ana = { id: 'u1', firstName: 'Ana', lastName: 'Roy', email: 'ana@example.org', profileImageUrl: null, createdAt: '2026-01-01T00:00:00Z' };

/** An admin signed in; the push answers `push`. */
const admin = (push: () => Response) =>
  serve({ '/api/auth/user': ana, '/api/admin/status': { isAdmin: true }, '/api/supervisor/status': { isSupervisor: false }, '/api/camp-staff/status': { isCampStaff: false, weeks: [] }, [SYNC_PATH]: push });

/** The badge, with the engine running as the app's root runs it (SyncRoot). */
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
    // The server cannot take them: the scores keep waiting.
    admin(apiError(503, 'unavailable'));
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
    admin(apiError(401, 'unauthenticated', 'Non authentifié'));
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
    const before = syncState();
    await renderPage(<SyncStatus />);
    expect((await screen.findByRole('link', { name: '1 score en attente de synchronisation' })).textContent).toBe('1 score en attente');
    // No stream to push to and no push begun (a push says 'syncing' as it starts), now or later.
    expect(registeredStreams()).toEqual([]);
    expect(syncState()).toBe(before);
    expect(fetch.mock.calls.map(([path]) => path)).not.toContain(SYNC_PATH);
  });
});
