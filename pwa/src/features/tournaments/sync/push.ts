// One push of this phone's waiting score entries (ARCHITECTURE.md's sync rules, PowerSync's upload
// queue), each with its sets where the match's phase has them: in `seq` order, at most 200 per
// request, until none waits. Each answered entry keeps its outcome; a 409 `sync_gap` (the server
// lacks entries, e.g. restored from a backup) makes every entry after the server's number wait
// again and the push goes on from there. No network or a 5xx (or a server without the route
// yet): try again later. 401 (session gone) and 403: stop, keeping everything. Any other 4xx
// refuses the request for good: its entries are recorded as rejected so they never block the
// queue.
import { ApiError, apiFetch } from '../../../api/client';
import type { Schemas } from '../../../api/types';
import { deviceId, deviceName, pendingEntries, recordAnswers, resendAfter, type EntryAnswer, type OutboxEntry } from '../../../db/outbox';
import type { SyncAnswer } from '../../tournament-shared/types';

export const SYNC_PATH = '/api/admin/sync/scores';
const BATCH_SIZE = 200;
/** Batches (and gap restarts) in one push: far more than a tournament holds. */
const MAX_ROUNDS = 100;

export type PushResult = 'done' | 'retry' | 'signedOut' | 'forbidden';

interface PushRun {
  result: PushResult;
  /** Entries the server answered during this push. */
  answered: number;
}

/** An entry as the server takes it: with its sets where it has them (an entry without is a single score). */
function wire(entry: OutboxEntry): Schemas['EntryBody'] {
  const { seq, entryId, matchId, team1Score, team2Score, baseVersion, enteredAt, team1Id = null, team2Id = null, sets } = entry;
  return { seq, entryId, matchId, team1Score, team2Score, baseVersion, enteredAt, team1Id, team2Id, ...(sets && sets.length > 0 ? { sets } : {}) };
}

/**
 * What to do when the request itself failed: stop with a `PushResult`, or go on with the queue
 * ('resent': after a gap; 'refused': the batch was recorded as rejected).
 */
async function onFailure(error: unknown, batch: OutboxEntry[]): Promise<PushResult | 'resent' | 'refused'> {
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

/** Pushes every waiting entry; see the top of this file. */
export async function pushPending(): Promise<PushRun> {
  const device = await deviceId();
  const name = await deviceName();
  let answered = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const batch = await pendingEntries(BATCH_SIZE);
    if (batch.length === 0) return { result: 'done', answered };
    let answer: SyncAnswer;
    try {
      answer = await apiFetch<SyncAnswer>(SYNC_PATH, { method: 'POST', body: { deviceId: device, ...(name ? { deviceName: name } : {}), entries: batch.map(wire) } });
    } catch (error) {
      const next = await onFailure(error, batch);
      if (next === 'refused') answered += batch.length;
      else if (next !== 'resent') return { result: next, answered };
      continue;
    }
    const answers: EntryAnswer[] = answer.results.map(({ seq, outcome, code, message }) => ({ seq, outcome, code, message }));
    await recordAnswers(answers);
    answered += answers.length;
    // Nothing of this batch answered (should not happen): wait rather than spin.
    if (!batch.some((e) => answers.some((a) => a.seq === e.seq))) return { result: 'retry', answered };
  }
  return { result: 'retry', answered };
}
