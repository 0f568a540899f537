// The outbox: entries of every kind (scores, captains' reports, attendance) are numbered by the device in the same
// transaction that stores them, pushed in that order, and keep the server's answer. See database.ts.
import { liveQuery } from 'dexie';
import { db, kindOf, newId, type AnyEntry, type AttendanceEntry, type DeviceMeta, type EntryState, type OutboxEntry, type OutboxKind, type ReportEntry } from './database';

export { kindOf } from './database';
export type { AnyEntry, AttendanceEntry, EntryState, OutboxEntry, OutboxKind, PickupKind, ReportEntry } from './database';

export type NewEntry = Pick<OutboxEntry, 'tournamentId' | 'eventId' | 'matchId' | 'team1Score' | 'team2Score' | 'baseVersion' | 'team1Id' | 'team2Id' | 'sets'>;

export type NewReport = Pick<ReportEntry, 'eventId' | 'matchId' | 'team1Score' | 'team2Score' | 'sets' | 'forfeit'>;

export type NewAttendance = Pick<AttendanceEntry, 'registrationId' | 'weekId' | 'day' | 'action' | 'at' | 'pickupKind' | 'pickupName'>;

/** What an entry of either kind holds before the outbox numbers it. */
type Unnumbered<E extends AnyEntry> = Omit<E, 'seq' | 'entryId' | 'enteredAt' | 'state' | 'code' | 'message'>;

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

/** Stores an entry with the device's next number: the row and the counter in one transaction. */
function enqueue<E extends AnyEntry>(entry: Unnumbered<E>, now: Date): Promise<E> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const meta = await readMeta();
    const row = {
      ...entry,
      seq: meta.nextSeq,
      entryId: newId(),
      enteredAt: now.toISOString(),
      state: 'pending',
      code: null,
      message: null,
    } as E;
    await db.outbox.add(row);
    await db.meta.put({ ...meta, nextSeq: meta.nextSeq + 1 });
    return row;
  });
}

/** Stores a score entry with the device's next number. */
export function enqueueEntry(entry: NewEntry, now = new Date()): Promise<OutboxEntry> {
  return enqueue<OutboxEntry>({ ...entry, kind: 'score' }, now);
}

/** Stores a captain's report with the device's next number. */
export function enqueueReport(entry: NewReport, now = new Date()): Promise<ReportEntry> {
  return enqueue<ReportEntry>({ ...entry, kind: 'report' }, now);
}

/** Stores a child's arrival or departure with the device's next number. */
export function enqueueAttendance(entry: NewAttendance, now = new Date()): Promise<AttendanceEntry> {
  return enqueue<AttendanceEntry>({ ...entry, kind: 'attendance' }, now);
}

/** The entries waiting to be sent, of every kind, lowest number first. */
export function pendingEntries(limit: number): Promise<AnyEntry[]> {
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

/** How many entries wait to be sent (of one kind, or of all). */
export function waitingCount(kind?: OutboxKind): Promise<number> {
  const pending = db.outbox.where('state').equals('pending');
  return kind ? pending.filter((e) => kindOf(e) === kind).count() : pending.count();
}

/** How many scores wait to be sent (the Tournois tab's and the header's count). */
export function waitingScores(): Promise<number> {
  return waitingCount('score');
}

/** How many arrivals and departures wait to be sent (the /animation page's count). */
export function waitingAttendance(): Promise<number> {
  return waitingCount('attendance');
}

/** A tournament's entries from this phone, in their order. */
export function tournamentEntries(tournamentId: number): Promise<OutboxEntry[]> {
  return db.outbox.where('tournamentId').equals(tournamentId).sortBy('seq') as Promise<OutboxEntry[]>;
}

/** The reports of one event's matches made on this phone, in their order. */
export function reportEntries(eventId: number): Promise<ReportEntry[]> {
  return db.outbox
    .where('kind')
    .equals('report')
    .filter((e) => e.kind === 'report' && e.eventId === eventId)
    .sortBy('seq') as Promise<ReportEntry[]>;
}

/** The arrivals and departures of one camp week recorded on this phone, in their order. */
export function attendanceEntries(weekId: number): Promise<AttendanceEntry[]> {
  return db.outbox
    .where('kind')
    .equals('attendance')
    .filter((e) => e.kind === 'attendance' && e.weekId === weekId)
    .sortBy('seq') as Promise<AttendanceEntry[]>;
}

/**
 * Calls `onValue` with the query's answer now and after every change of the tables it read
 * (in this tab or another); returns the unsubscribe function.
 */
export function watch<T>(query: () => Promise<T>, onValue: (value: T) => void): () => void {
  const subscription = liveQuery(query).subscribe({ next: onValue, error: () => undefined });
  return () => subscription.unsubscribe();
}
