// The offline score sync is started once, at the app's root, for a signed-in admin only: an
// admin's waiting score is sent without any badge or console on screen; a member's or a
// visitor's page never loads the sync nor sends anything.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { db } from '../../../db/database';
import { enqueueAttendance, enqueueEntry, waitingCount } from '../../../db/outbox';
import { whenIdle } from '../../../lib/idle';
import { json, renderPage, serve } from '../../../test/render';
import { ATTENDANCE_PATH } from '../../camp-staff/attendance/stream';
import { SYNC_PATH } from './push';
import { ScoreSync } from './ScoreSync';

const ana = { id: 'u1', firstName: 'Ana', lastName: 'Roy', email: 'ana@example.org', profileImageUrl: null, createdAt: '2026-01-01T00:00:00Z' };

/** The API for `user` (null: a visitor) with the admin role or not; pushes are all applied. */
function api(user: typeof ana | null, isAdmin: boolean) {
  return serve({
    '/api/auth/user': user,
    '/api/admin/status': { isAdmin },
    '/api/supervisor/status': { isSupervisor: false },
    [SYNC_PATH]: () => json(200, { lastSeq: 1, results: [{ seq: 1, entryId: 'e', matchId: 11, outcome: 'applied', code: null, message: null }] }),
  });
}

const pushes = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([path]) => path === SYNC_PATH);

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.outbox.clear(), db.cache.clear()]);
  await enqueueEntry({ tournamentId: 5, eventId: 7, matchId: 11, team1Score: 21, team2Score: 15, baseVersion: 1 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the score sync at the root', () => {
  it("runs for a signed-in admin once the page has settled: the waiting score is sent", { timeout: 15_000 }, async () => {
    const fetch = api(ana, true);
    await renderPage(<ScoreSync />);
    await vi.waitFor(() => expect(pushes(fetch)).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await waitingCount()).toBe(0));
  });

  it('runs for a counsellor too: an arrival recorded offline is sent from any page, after the score before it', { timeout: 15_000 }, async () => {
    await enqueueAttendance({ registrationId: 3, weekId: 2, day: '2030-07-02', action: 'arrival', at: '2030-07-02T12:00:00.000Z' });
    const fetch = serve({
      '/api/auth/user': ana,
      '/api/admin/status': { isAdmin: false },
      '/api/supervisor/status': { isSupervisor: false },
      '/api/camp-staff/status': { isCampStaff: true, weeks: [] },
      [SYNC_PATH]: () => json(200, { lastSeq: 1, results: [{ seq: 1, entryId: 'e', matchId: 11, outcome: 'applied', code: null, message: null }] }),
      [ATTENDANCE_PATH]: () => json(200, { lastSeq: 2, results: [{ seq: 2, entryId: 'a', outcome: 'applied', code: null, message: null }] }),
    });
    await renderPage(<ScoreSync />);
    await vi.waitFor(async () => expect(await waitingCount()).toBe(0), { timeout: 10_000 });
    const sent = fetch.mock.calls.map(([path]) => path).filter((path) => path === SYNC_PATH || path === ATTENDANCE_PATH);
    expect(sent).toEqual([SYNC_PATH, ATTENDANCE_PATH]);
  });

  for (const [who, user] of [
    ['a member', ana],
    ['a visitor', null],
  ] as const) {
    it(`does not run for ${who}`, { timeout: 15_000 }, async () => {
      // The sync's chunk already loaded, so that nothing would be late to show up.
      await import('./SyncStatus');
      const fetch = api(user, false);
      await renderPage(<ScoreSync />);
      await new Promise<void>((resolve) => whenIdle(resolve));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(fetch.mock.calls.map(([path]) => path)).not.toContain(SYNC_PATH);
      expect(await waitingCount()).toBe(1);
    });
  }
});
