// The score outbox: entries are numbered by the device in the same transaction that
// stores them, pushed in that order, and keep the server's answer. See database.ts.
import { liveQuery } from 'dexie';
import { db, newId, type DeviceMeta, type EntryState, type OutboxEntry } from './database';

export type { EntryState, OutboxEntry } from './database';

export type NewEntry = Pick<OutboxEntry, 'tournamentId' | 'eventId' | 'matchId' | 'team1Score' | 'team2Score' | 'baseVersion' | 'team1Id' | 'team2Id' | 'sets'>;

/** What the server answered for one entry. */
export interface EntryAnswer {
  seq: number;
  outcome: Exclude<EntryState, 'pending'>;
  code: string | null;
  message: string | null;
}

async function readMeta(): Promise<DeviceMeta> {
  const meta = await db.meta.get('device');
  if (meta) return meta;
  const made: DeviceMeta = { key: 'device', deviceId: newId(), nextSeq: 1 };
  await db.meta.add(made);
  return made;
}

/** This phone's id, made on first use. */
export function deviceId(): Promise<string> {
  return db.transaction('rw', db.meta, async () => (await readMeta()).deviceId);
}

/** This phone's name, none until set. */
export function deviceName(): Promise<string | null> {
  return db.transaction('rw', db.meta, async () => (await readMeta()).deviceName ?? null);
}

/** Names this phone; the name reaches the server with its next push. */
export function setDeviceName(name: string): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    await db.meta.put({ ...(await readMeta()), deviceName: name });
  });
}

/** Stores a score entry with the device's next number: the row and the counter in one transaction. */
export function enqueueEntry(entry: NewEntry, now = new Date()): Promise<OutboxEntry> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const meta = await readMeta();
    const row: OutboxEntry = {
      ...entry,
      seq: meta.nextSeq,
      entryId: newId(),
      enteredAt: now.toISOString(),
      state: 'pending',
      code: null,
      message: null,
    };
    await db.outbox.add(row);
    await db.meta.put({ ...meta, nextSeq: meta.nextSeq + 1 });
    return row;
  });
}

/** The entries waiting to be sent, lowest number first. */
export function pendingEntries(limit: number): Promise<OutboxEntry[]> {
  return db.outbox.where('state').equals('pending').sortBy('seq').then((rows) => rows.slice(0, limit));
}

/** Records the server's answers (replays included: the server's stored outcome is the truth). */
export function recordAnswers(answers: EntryAnswer[]): Promise<void> {
  return db.transaction('rw', db.outbox, async () => {
    for (const answer of answers) {
      await db.outbox.update(answer.seq, { state: answer.outcome, code: answer.code, message: answer.message });
    }
  });
}

/** The server lacks every entry after `lastSeq` (restored from a backup): all of them wait again. */
export function resendAfter(lastSeq: number): Promise<void> {
  return db.transaction('rw', db.outbox, async () => {
    await db.outbox.where('seq').above(lastSeq).modify({ state: 'pending', code: null, message: null });
  });
}

export function waitingCount(): Promise<number> {
  return db.outbox.where('state').equals('pending').count();
}

/** A tournament's entries from this phone, in their order. */
export function tournamentEntries(tournamentId: number): Promise<OutboxEntry[]> {
  return db.outbox.where('tournamentId').equals(tournamentId).sortBy('seq');
}

/**
 * Calls `onValue` with the query's answer now and after every change of the tables it read
 * (in this tab or another); returns the unsubscribe function.
 */
export function watch<T>(query: () => Promise<T>, onValue: (value: T) => void): () => void {
  const subscription = liveQuery(query).subscribe({ next: onValue, error: () => undefined });
  return () => subscription.unsubscribe();
}
