// The phone's own storage (IndexedDB through Dexie; this folder is the only importer of
// Dexie). Three tables:
// - `meta`: one row, the device's id (a UUID made once) and the number its next entry gets;
// - `outbox`: every entry made on this phone, of every kind (a tournament's score, a captain's
//   report of their match, a day camp's attendance), numbered 1, 2, 3… (`seq`) across kinds, with what the server answered; entries
//   are never deleted, so a server restored from a backup can be given them again (since
//   version 2 a score may carry its `sets`; since version 3 every entry says its `kind`);
// - `cache`: the last good answer of each query that must work offline (src/api/offline.ts).
import { Dexie, type EntityTable, type Table } from 'dexie';
import type { Schemas, SyncOutcome } from '../api/types';

/** An entry waiting to be sent (`pending`), or what the server answered for it. */
export type EntryState = 'pending' | SyncOutcome;

/** What an outbox entry is: each kind has its own push endpoint (src/sync/). */
export type OutboxKind = 'score' | 'report' | 'attendance';

/** What every entry carries, whatever its kind. */
interface EntryBase {
  /** The device's numbering, from 1, across kinds: the primary key. */
  seq: number;
  /** A UUID: the entry's idempotency key. */
  entryId: string;
  /** UTC ISO time the entry was made. */
  enteredAt: string;
  state: EntryState;
  /** The catalogue code of a rejection. */
  code: string | null;
  /** The server's translated reason of a rejection. */
  message: string | null;
}

/** A tournament score. */
export interface OutboxEntry extends EntryBase {
  /** Set by version 3's upgrade on every entry written before it. */
  kind?: 'score';
  tournamentId: number;
  eventId: number;
  matchId: number;
  team1Score: number;
  team2Score: number;
  /** The match's `version` when this phone last fetched it. */
  baseVersion: number;
  /**
   * The teams this phone showed for the match when the score was entered: the server refuses
   * the score if another result has put other teams in it since (`match_teams_changed`).
   */
  team1Id?: number | null;
  team2Id?: number | null;
  /**
   * Where the match's phase is played in sets: each set's points, team 1's first (`[[21, 18],
   * [17, 21]]`); the two scores are then the sets won. Absent: one pair of whole numbers (every
   * entry written under version 1).
   */
  sets?: [number, number][];
}

/**
 * A captain's report of their match's result (team 1's points first, whoever reports), or their
 * team conceding it; held to the captains' rule by the server when it arrives.
 */
export interface ReportEntry extends EntryBase {
  kind: 'report';
  eventId: number;
  matchId: number;
  team1Score: number;
  team2Score: number;
  /** Where the match's phase is played in sets: each set's points; the scores are the sets won. */
  sets?: [number, number][];
  forfeit?: boolean;
}

/** Who took a child home: the registering parent, an adult of the health form, the child alone
 *  (when the form allows it) or someone else (only with an admin's override). */
export type PickupKind = Schemas['PickupKind'];

/** A day camp child's arrival or departure, recorded by a counsellor. */
export interface AttendanceEntry extends EntryBase {
  kind: 'attendance';
  /** The child's registration. */
  registrationId: number;
  weekId: number;
  /** The camp day, 'YYYY-MM-DD' in America/Toronto. */
  day: string;
  action: Schemas['AttendanceAction'];
  /** UTC ISO time of the arrival or departure (an absence's: when it was recorded). */
  at: string;
  /** A departure's: who picked the child up. */
  pickupKind?: PickupKind;
  pickupName?: string;
}

/** Any entry of the outbox. */
export type AnyEntry = OutboxEntry | ReportEntry | AttendanceEntry;

/** An entry's kind (entries written before version 3 are scores). */
export function kindOf(entry: AnyEntry): OutboxKind {
  return entry.kind ?? 'score';
}

export interface DeviceMeta {
  key: 'device';
  deviceId: string;
  nextSeq: number;
  /** The phone's name as its scorekeeper set it ('Téléphone de Ada'); not indexed. */
  deviceName?: string;
}

interface CachedAnswer {
  key: string;
  data: unknown;
  /** ms since the epoch. */
  savedAt: number;
}

type CentreDb = Dexie & {
  meta: EntityTable<DeviceMeta, 'key'>;
  outbox: Table<AnyEntry, number>;
  cache: EntityTable<CachedAnswer, 'key'>;
};

const DB_NAME = 'centre';

const STORES = {
  meta: 'key',
  outbox: 'seq, state, tournamentId',
  cache: 'key',
};

export const db = new Dexie(DB_NAME) as CentreDb;
db.version(1).stores(STORES);
// Version 2: a score entry may carry `sets` (volleyball scored set by set). Not an index: the
// tables stay as they were and the upgrade rewrites nothing, so every entry of version 1,
// waiting or answered, is kept as it is (without `sets`: a single score, as before) and is
// pushed like any other (database.test.ts opens a version-1 database to check it).
db.version(2).stores(STORES);
// Version 3: the outbox holds other kinds than scores (a day camp's attendance), one numbering
// for all (docs/offline.md says why). Every entry written before is a score: the upgrade gives it
// `kind: 'score'` and touches nothing else, so waiting entries still wait and answered ones keep
// their answer (database.test.ts opens a version-1 database to check it).
db.version(3)
  .stores({ ...STORES, outbox: 'seq, state, tournamentId, kind' })
  .upgrade((tx) =>
    tx
      .table('outbox')
      .toCollection()
      .modify((entry: { kind?: OutboxKind }) => {
        entry.kind ??= 'score';
      }),
  );

/** A random UUID (v4), also where `crypto.randomUUID` is missing (a page not served over HTTPS). */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
