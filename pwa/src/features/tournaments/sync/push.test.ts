import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import '../../../i18n';
import { db } from '../../../db/database';
import { enqueueEntry, tournamentEntries } from '../../../db/outbox';
import { FIRST_DELAY_MS, kickSync, LOCK_NAME, startSync, syncState } from '../../../sync/engine';
import { pushPending, registerStream } from '../../../sync/push';
import { scoreStream, SYNC_PATH } from './push';

interface Sent {
  deviceId: string;
  entries: { seq: number; entryId: string; matchId: number; team1Score: number; team2Score: number; baseVersion: number; enteredAt: string }[];
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: `answer` gets each push's body and returns the Response (or throws: no network). */
function serve(answer: (body: Sent, n: number) => Response) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    expect(path).toBe(SYNC_PATH);
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body)) as Sent;
    sent.push(body);
    return answer(body, sent.length);
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

/** Answers every entry with `outcome` (by match id), as the server does. */
const outcomes = (byMatch: Record<number, [string, string | null]>) => (body: Sent) =>
  json(200, {
    lastSeq: body.entries.at(-1)?.seq ?? 0,
    results: body.entries.map((e) => {
      const [outcome, code] = byMatch[e.matchId] ?? ['applied', null];
      return { seq: e.seq, entryId: e.entryId, matchId: e.matchId, outcome, code, message: code ? `Refusé : ${code}` : null };
    }),
  });

const score = (matchId: number) => enqueueEntry({ tournamentId: 5, eventId: 7, matchId, team1Score: 21, team2Score: 15, baseVersion: 2 });
const states = async () => (await tournamentEntries(5)).map((e) => e.state);

let unregister = () => {};

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.outbox.clear()]);
  unregister = registerStream(scoreStream);
});

afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('pushing the outbox', () => {
  it('sends the waiting entries in order and keeps each outcome', async () => {
    for (const id of [11, 12, 13, 14]) await score(id);
    const sent = serve(outcomes({ 12: ['duplicate', null], 13: ['conflict', null], 14: ['rejected', 'knockout_draw'] }));
    expect(await pushPending()).toEqual({ result: 'done', answered: 4 });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(sent[0]?.entries[0]).toMatchObject({ matchId: 11, team1Score: 21, team2Score: 15, baseVersion: 2 });
    expect(Object.keys(sent[0]?.entries[0] ?? {}).sort()).toEqual(['baseVersion', 'enteredAt', 'entryId', 'matchId', 'seq', 'team1Id', 'team1Score', 'team2Id', 'team2Score']);
    expect(sent[0]?.deviceId).toBe((await db.meta.get('device'))?.deviceId);
    expect(await states()).toEqual(['applied', 'duplicate', 'conflict', 'rejected']);
    expect(await db.outbox.get(4)).toMatchObject({ code: 'knockout_draw', message: 'Refusé : knockout_draw' });
    // Nothing waits: no second request.
    expect(await pushPending()).toEqual({ result: 'done', answered: 0 });
    expect(sent).toHaveLength(1);
  });

  it('sends the sets of an entry that has them (the sets won as its two scores), and none for a single score', async () => {
    await score(11);
    await enqueueEntry({ tournamentId: 5, eventId: 7, matchId: 12, team1Score: 1, team2Score: 2, baseVersion: 2, sets: [[21, 18], [17, 21], [10, 15]] });
    const sent = serve(outcomes({}));
    expect(await pushPending()).toEqual({ result: 'done', answered: 2 });
    const [single, inSets] = sent[0]?.entries ?? [];
    expect(single && 'sets' in single).toBe(false);
    expect(inSets).toMatchObject({ seq: 2, matchId: 12, team1Score: 1, team2Score: 2, sets: [[21, 18], [17, 21], [10, 15]] });
  });

  it('sends at most 200 entries per request', async () => {
    for (let id = 1; id <= 230; id += 1) await score(id);
    const sent = serve(outcomes({}));
    expect(await pushPending()).toEqual({ result: 'done', answered: 230 });
    expect(sent.map((body) => body.entries.length)).toEqual([200, 30]);
    expect(sent[1]?.entries[0]?.seq).toBe(201);
  });

  it('keeps everything on a 401 (session gone) and on a 403', async () => {
    await score(11);
    serve(() => json(401, { message: 'Non authentifié', code: 'unauthenticated' }));
    expect(await pushPending()).toEqual({ result: 'signedOut', answered: 0 });
    serve(() => json(403, { message: 'Interdit', code: 'forbidden' }));
    expect(await pushPending()).toEqual({ result: 'forbidden', answered: 0 });
    expect(await states()).toEqual(['pending']);
  });

  it('tries again later on no network and on a 5xx, keeping the entries', async () => {
    await score(11);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await pushPending()).toEqual({ result: 'retry', answered: 0 });
    serve(() => json(503, { message: 'Indisponible', code: 'unavailable' }));
    expect(await pushPending()).toEqual({ result: 'retry', answered: 0 });
    expect(await states()).toEqual(['pending']);
  });

  it('records a request refused for good (another 4xx) on its entries, so they never block the queue', async () => {
    await score(11);
    serve(() => json(422, { message: 'Entrée invalide', code: 'validation', fieldErrors: { entries: 'Entrée invalide' } }));
    expect(await pushPending()).toEqual({ result: 'done', answered: 1 });
    expect(await db.outbox.get(1)).toMatchObject({ state: 'rejected', code: 'validation', message: 'Entrée invalide' });
  });

  it("on 'sync_gap' sends again every entry after the server's number, even those answered before", async () => {
    for (const id of [11, 12, 13]) await score(id);
    serve(outcomes({}));
    await pushPending();
    await score(14);
    // The server was restored from a backup: it knows entry 1 only.
    const sent = serve((body, n) =>
      n === 1 ? json(409, { message: 'Des entrées manquent.', code: 'sync_gap', lastSeq: 1 }) : outcomes({ 13: ['conflict', null] })(body),
    );
    expect(await pushPending()).toEqual({ result: 'done', answered: 3 });
    expect(sent.map((body) => body.entries.map((e) => e.seq))).toEqual([[4], [2, 3, 4]]);
    expect(await states()).toEqual(['applied', 'applied', 'conflict', 'applied']);
  });
});

describe('the sync engine', () => {
  it('pushes under the Web Lock, backs off while the server fails, and refetches the tournament once answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const request = vi.fn((name: string, task: () => Promise<unknown>) => {
      expect(name).toBe(LOCK_NAME);
      return task();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue(undefined);
    await score(11);
    let failing = true;
    const sent = serve((body) => (failing ? json(500, { message: 'x', code: 'internal' }) : outcomes({})(body)));
    const stop = startSync(queryClient);
    await vi.waitFor(() => expect(syncState()).toBe('retrying'));
    expect(sent).toHaveLength(1);
    expect(request).toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();

    // 2 s later it tries again (and fails), then waits 4 s.
    await vi.advanceTimersByTimeAsync(FIRST_DELAY_MS);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(FIRST_DELAY_MS * 2 - 1);
    expect(sent).toHaveLength(2);
    failing = false;
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(syncState()).toBe('idle'));
    expect(sent).toHaveLength(3);
    expect(await states()).toEqual(['applied']);
    expect(invalidate).toHaveBeenCalledTimes(1);

    // The network coming back pushes (nothing waits) and pulls the tournament anew.
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    expect(sent).toHaveLength(3);
    stop();
  });

  it('stops after a 401 until asked again, and runs one push at a time in a tab', async () => {
    await score(11);
    const sent = serve(() => json(401, { message: 'Non authentifié', code: 'unauthenticated' }));
    await Promise.all([kickSync(), kickSync(), kickSync()]);
    expect(syncState()).toBe('signedOut');
    // The first push, then one more for the kicks that came while it ran.
    expect(sent).toHaveLength(2);
    expect(await states()).toEqual(['pending']);
  });
});
