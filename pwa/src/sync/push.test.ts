import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { db } from '../db/database';
import { enqueueAttendance, enqueueEntry, pendingEntries } from '../db/outbox';
import { pushPending, registerStream } from './push';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Sent {
  path: string;
  seqs: number[];
}

/** The server: one last number for the device, whichever path an entry comes by (as the server keeps it). */
function serve() {
  const sent: Sent[] = [];
  let last = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { entries: { seq: number }[] };
      const seqs = body.entries.map((e) => e.seq);
      sent.push({ path, seqs });
      if (seqs[0] !== last + 1) return json(409, { message: 'Des entrées manquent.', code: 'sync_gap', lastSeq: last });
      last = seqs.at(-1) ?? last;
      return json(200, { lastSeq: last, results: seqs.map((seq) => ({ seq, entryId: 'x', outcome: 'applied', code: null, message: null })) });
    }),
  );
  return sent;
}

const score = (matchId: number) => enqueueEntry({ tournamentId: 5, eventId: 7, matchId, team1Score: 21, team2Score: 15, baseVersion: 1 });
const arrival = (registrationId: number) => enqueueAttendance({ registrationId, weekId: 2, day: '2030-07-02', action: 'arrival', at: '2030-07-02T12:00:00.000Z' });

let undo: (() => void)[] = [];

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.outbox.clear()]);
  undo = [registerStream({ kind: 'score', path: '/scores', wire: (e) => ({ seq: e.seq }), refresh: async () => undefined })];
});

afterEach(() => {
  undo.forEach((unregister) => unregister());
  vi.unstubAllGlobals();
});

describe('one outbox, several streams', () => {
  it('sends each run of one kind to its path, in the device order, so the server sees no gap', async () => {
    undo.push(registerStream({ kind: 'attendance', path: '/attendance', wire: (e) => ({ seq: e.seq }), refresh: async () => undefined }));
    await score(11);
    await score(12);
    await arrival(3);
    await score(13);
    const sent = serve();
    const touched: string[] = [];
    expect(await pushPending((stream) => touched.push(stream.kind))).toEqual({ result: 'done', answered: 4 });
    expect(sent).toEqual([
      { path: '/scores', seqs: [1, 2] },
      { path: '/attendance', seqs: [3] },
      { path: '/scores', seqs: [4] },
    ]);
    expect(touched).toEqual(['score', 'attendance', 'score']);
    expect(await pendingEntries(10)).toEqual([]);
  });

  it('holds an entry whose kind no page registered, and the ones after it, until it is', async () => {
    await score(11);
    await db.outbox.add({ kind: 'future' as 'score', seq: 2, entryId: 'f', enteredAt: '2030-07-02T12:00:00.000Z', state: 'pending', code: null, message: null } as never);
    await db.meta.put({ key: 'device', deviceId: (await db.meta.get('device'))?.deviceId ?? 'd', nextSeq: 3 });
    await score(12);
    const sent = serve();
    expect(await pushPending()).toEqual({ result: 'retry', answered: 1 });
    expect(sent).toEqual([{ path: '/scores', seqs: [1] }]);
    expect((await pendingEntries(10)).map((e) => e.seq)).toEqual([2, 3]);
  });

  it('holds the entries of a kind once its stream is unregistered (the person signed out)', async () => {
    const unregisterAttendance = registerStream({ kind: 'attendance', path: '/attendance', wire: (e) => ({ seq: e.seq }), refresh: async () => undefined });
    unregisterAttendance();
    await arrival(3);
    await score(11);
    const sent = serve();
    expect(await pushPending()).toEqual({ result: 'retry', answered: 0 });
    expect(sent).toEqual([]);
    expect((await pendingEntries(10)).map((e) => e.seq)).toEqual([1, 2]);
  });
});
