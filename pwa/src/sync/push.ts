// One push of this phone's waiting entries, of every kind (docs/offline.md; PowerSync's upload
// queue). The outbox numbers entries across kinds and the server keeps one
// last number per device, so entries leave strictly in `seq` order: the leading run of one kind
// goes to that kind's stream (its path and wire shape, defined by its feature and registered by
// the app's starter, SyncStarter.tsx, for the roles that send that kind), at most 200 per
// request, then the next run, until none waits. Each answered entry keeps its outcome; a 409
// `sync_gap` (the server lacks entries, e.g. restored from a backup) makes every entry after the
// server's number wait again, whatever its kind, and the push goes on from there. No network, no
// answer within 30 s, or a 5xx (or a server without the route yet): try again later. 401 (session
// gone) and 403: stop, keeping everything. Any other 4xx refuses the request for good: its
// entries are recorded as rejected so they never block the queue. An entry whose kind is not
// registered waits (the ones after it too: they cannot pass it).
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../api/client';
import type { SyncOutcome } from '../api/types';
import { deviceId, deviceName, kindOf, pendingEntries, recordAnswers, resendAfter, type AnyEntry, type EntryAnswer, type OutboxKind } from '../db/outbox';

const BATCH_SIZE = 200;
/** Batches (and gap restarts) in one push: far more than a tournament or a camp week holds. */
const MAX_ROUNDS = 100;
/** A push that gets no answer in this time is given up and tried again (the entries are numbered:
 *  one the server did apply is answered as a replay). */
const PUSH_TIMEOUT_MS = 30_000;

export type PushResult = 'done' | 'retry' | 'signedOut' | 'forbidden';

export interface PushRun {
  result: PushResult;
  /** Entries the server answered during this push. */
  answered: number;
}

/** What the server answers a push, whatever the stream. */
interface StreamAnswer {
  lastSeq: number;
  results: { seq: number; outcome: SyncOutcome; code?: string | null; message?: string | null }[];
}

/** One kind of entry: where it goes and how it travels. */
export interface Stream<E extends AnyEntry = AnyEntry> {
  kind: OutboxKind;
  path: string;
  /** The entry as the server takes it. */
  wire: (entry: E) => unknown;
  /** What to refetch once some of its entries were answered (or the network came back). */
  refresh: (client: QueryClient) => Promise<unknown>;
}

const streams = new Map<OutboxKind, Stream>();

/** Makes a kind's entries pushable until the answered function is called. */
export function registerStream<E extends AnyEntry>(stream: Stream<E>): () => void {
  const registered = stream as unknown as Stream;
  streams.set(stream.kind, registered);
  return () => {
    if (streams.get(stream.kind) === registered) streams.delete(stream.kind);
  };
}

export function registeredStreams(): Stream[] {
  return [...streams.values()];
}

/**
 * What to do when the request itself failed: stop with a `PushResult`, or go on with the queue
 * ('resent': after a gap; 'refused': the batch was recorded as rejected).
 */
async function onFailure(error: unknown, batch: AnyEntry[]): Promise<PushResult | 'resent' | 'refused'> {
  // No network, the server failing or busy, or no such route (a server not updated yet): later.
  if (!(error instanceof ApiError) || error.status >= 500 || [404, 405, 408, 429].includes(error.status)) return 'retry';
  if (error.status === 401) return 'signedOut';
  if (error.status === 403) return 'forbidden';
  if (error.status === 409 && error.code === 'sync_gap') {
    const lastSeq = Number(error.body?.lastSeq);
    await resendAfter(Number.isFinite(lastSeq) && lastSeq > 0 ? lastSeq : 0);
    return 'resent';
  }
  await recordAnswers(batch.map((e) => ({ seq: e.seq, outcome: 'rejected', code: error.code ?? null, message: error.message })));
  return 'refused';
}

/** The waiting entries' leading run of one kind, and its stream (none: not registered here). */
function leadingRun(waiting: AnyEntry[]): { batch: AnyEntry[]; stream: Stream | undefined } {
  const kind = waiting[0] ? kindOf(waiting[0]) : 'score';
  const end = waiting.findIndex((e) => kindOf(e) !== kind);
  return { batch: end < 0 ? waiting : waiting.slice(0, end), stream: streams.get(kind) };
}

/** Pushes every waiting entry; see the top of this file. `onAnswered` hears each stream that had answers. */
export async function pushPending(onAnswered?: (stream: Stream) => void): Promise<PushRun> {
  const device = await deviceId();
  const name = await deviceName();
  let answered = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const waiting = await pendingEntries(BATCH_SIZE);
    if (waiting.length === 0) return { result: 'done', answered };
    const { batch, stream } = leadingRun(waiting);
    if (!stream) return { result: 'retry', answered };
    let answer: StreamAnswer;
    try {
      answer = await apiFetch<StreamAnswer>(stream.path, { method: 'POST', body: { deviceId: device, ...(name ? { deviceName: name } : {}), entries: batch.map(stream.wire) }, timeoutMs: PUSH_TIMEOUT_MS });
    } catch (error) {
      const next = await onFailure(error, batch);
      if (next === 'refused') {
        answered += batch.length;
        onAnswered?.(stream);
      } else if (next !== 'resent') return { result: next, answered };
      continue;
    }
    const answers: EntryAnswer[] = answer.results.map(({ seq, outcome, code = null, message = null }) => ({ seq, outcome, code, message }));
    await recordAnswers(answers);
    answered += answers.length;
    if (answers.length > 0) onAnswered?.(stream);
    // Nothing of this batch answered (should not happen): wait rather than spin.
    if (!batch.some((e) => answers.some((a) => a.seq === e.seq))) return { result: 'retry', answered };
  }
  return { result: 'retry', answered };
}
