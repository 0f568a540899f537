// The offline sync is started once, at the app's root, with the streams of the kinds the
// signed-in person sends: an admin's scores (and attendance: admins record it on /animation
// too), a counsellor's attendance, any member's reports as a captain; a visitor's page registers
// nothing and sends nothing. A waiting entry is sent without any badge or page on screen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { db } from '../db/database';
import { enqueueAttendance, enqueueEntry, enqueueReport, waitingCount } from '../db/outbox';
import { ATTENDANCE_PATH } from '../features/camp-staff/attendance/stream';
import { useRoles } from '../features/auth/session';
import { REPORT_PATH } from '../features/tournament-page/reportStream';
import { SYNC_PATH } from '../features/tournaments/sync/push';
import { useIdle } from '../lib/idle';
import { json, renderPage, serve } from '../test/render';
import { registeredStreams } from './push';
import { SyncRoot } from './SyncRoot';
import { kindsFor, SyncStarter } from './SyncStarter';

const ana = { id: 'u1', firstName: 'Ana', lastName: 'Roy', email: 'ana@example.org', profileImageUrl: null, createdAt: '2026-01-01T00:00:00Z' };

const score = () => enqueueEntry({ tournamentId: 5, eventId: 7, matchId: 11, team1Score: 21, team2Score: 15, baseVersion: 1 });
const report = () => enqueueReport({ eventId: 7, matchId: 11, team1Score: 21, team2Score: 18 });
const arrival = () => enqueueAttendance({ registrationId: 3, weekId: 2, day: '2030-07-02', action: 'arrival', at: '2030-07-02T12:00:00.000Z' });

const STREAMS = [SYNC_PATH, REPORT_PATH, ATTENDANCE_PATH];

/** The API for `user` (null: a visitor) with these roles; every push is applied. */
function api(user: typeof ana | null, { isAdmin = false, isCampStaff = false } = {}) {
  const applied = (body: { entries: { seq: number }[] }) =>
    json(200, { lastSeq: body.entries.at(-1)?.seq ?? 0, results: body.entries.map(({ seq }) => ({ seq, entryId: 'e', outcome: 'applied', code: null, message: null })) });
  const fetch = serve({
    '/api/auth/user': user,
    '/api/admin/status': { isAdmin },
    '/api/supervisor/status': { isSupervisor: false },
    '/api/camp-staff/status': { isCampStaff, weeks: [] },
  });
  const answer = fetch.getMockImplementation();
  fetch.mockImplementation(async (path, init) => {
    if (STREAMS.includes(String(path))) return applied(JSON.parse(String(init?.body)) as { entries: { seq: number }[] });
    return answer!(path, init);
  });
  return fetch;
}

const sent = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.map(([path]) => path).filter((path) => STREAMS.includes(String(path)));
const registered = () => registeredStreams().map((stream) => stream.kind).sort();

/** Says when the roles are known and the page has settled: when SyncRoot has decided. */
function Decided() {
  const { isLoading } = useRoles();
  const idle = useIdle();
  return !isLoading && idle ? <p>decided</p> : null;
}

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.outbox.clear(), db.cache.clear()]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the kinds of entry a phone sends, by role', () => {
  it('scores for admins, reports for every member, attendance for counsellors and admins, nothing for a visitor', () => {
    expect(kindsFor({ signedIn: true, isAdmin: true, isCampStaff: false })).toEqual(['score', 'report', 'attendance']);
    expect(kindsFor({ signedIn: true, isAdmin: false, isCampStaff: true })).toEqual(['report', 'attendance']);
    expect(kindsFor({ signedIn: true, isAdmin: true, isCampStaff: true })).toEqual(['score', 'report', 'attendance']);
    expect(kindsFor({ signedIn: true, isAdmin: false, isCampStaff: false })).toEqual(['report']);
    expect(kindsFor({ signedIn: false, isAdmin: false, isCampStaff: false })).toEqual([]);
  });
});

describe('the starter', () => {
  it("registers the streams of the signed-in person's kinds while mounted, and only those", async () => {
    api(ana, { isCampStaff: true });
    await renderPage(<SyncStarter />);
    await vi.waitFor(() => expect(registered()).toEqual(['attendance', 'report']));
    cleanup();
    expect(registered()).toEqual([]);
    api(ana, { isAdmin: true });
    await renderPage(<SyncStarter />);
    await vi.waitFor(() => expect(registered()).toEqual(['attendance', 'report', 'score']));
  });
});

describe('the sync at the root', () => {
  it("runs for a signed-in admin once the page has settled: the waiting score is sent", { timeout: 15_000 }, async () => {
    await score();
    const fetch = api(ana, { isAdmin: true });
    await renderPage(<SyncRoot />);
    await vi.waitFor(async () => expect(await waitingCount()).toBe(0), { timeout: 10_000 });
    expect(sent(fetch)).toEqual([SYNC_PATH]);
    expect(registered()).toEqual(['attendance', 'report', 'score']);
  });

  it('runs for a counsellor with the attendance stream alone: an arrival recorded offline is sent from any page', { timeout: 15_000 }, async () => {
    await arrival();
    const fetch = api(ana, { isCampStaff: true });
    await renderPage(<SyncRoot />);
    await vi.waitFor(async () => expect(await waitingCount()).toBe(0), { timeout: 10_000 });
    expect(sent(fetch)).toEqual([ATTENDANCE_PATH]);
    expect(registered()).toEqual(['attendance', 'report']);
  });

  it("runs for a member with the report stream alone: a captain's result kept offline is sent from any page", { timeout: 15_000 }, async () => {
    await report();
    const fetch = api(ana);
    await renderPage(<SyncRoot />);
    await vi.waitFor(async () => expect(await waitingCount()).toBe(0), { timeout: 10_000 });
    expect(sent(fetch)).toEqual([REPORT_PATH]);
    expect(registered()).toEqual(['report']);
  });

  it("sends both kinds for an admin who is a counsellor too, in the device's order", { timeout: 15_000 }, async () => {
    await score();
    await arrival();
    const fetch = api(ana, { isAdmin: true, isCampStaff: true });
    await renderPage(<SyncRoot />);
    await vi.waitFor(async () => expect(await waitingCount()).toBe(0), { timeout: 10_000 });
    expect(sent(fetch)).toEqual([SYNC_PATH, ATTENDANCE_PATH]);
  });

  it('does not run for a visitor', { timeout: 15_000 }, async () => {
    await score();
    // The sync's chunk already loaded: had the root asked for it, it would be on the page in
    // the same pass as the decision below.
    await import('./SyncStarter');
    await import('../api/QueryRoot');
    const fetch = api(null);
    await renderPage(
      <>
        <SyncRoot />
        <Decided />
      </>,
    );
    await screen.findByText('decided', {}, { timeout: 10_000 });
    // A lazy part whose module is loaded appears once React has heard its promise resolve.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(registered()).toEqual([]);
    expect(sent(fetch)).toEqual([]);
    expect(await waitingCount()).toBe(1);
  });
});
