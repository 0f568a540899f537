// The phone's own storage (IndexedDB through Dexie; this folder is the only importer of
// Dexie). Three tables:
// - `meta`: one row, the device's id (a UUID made once) and the number its next score entry gets;
// - `outbox`: every score entered on this phone, numbered 1, 2, 3… (`seq`), with what the server
//   answered; entries are never deleted, so a server restored from a
//   backup can be given them again (since version 2 an entry may carry its `sets`);
// - `cache`: the last good answer of each query that must work offline (src/api/offline.ts).
import { Dexie, type EntityTable } from 'dexie';
import type { SyncOutcome } from '../api/types';

/** An entry waiting to be sent (`pending`), or what the server answered for it. */
export type EntryState = 'pending' | SyncOutcome;

export interface OutboxEntry {
  /** The device's numbering, from 1: the primary key. */
  seq: number;
  /** A UUID: the entry's idempotency key. */
  entryId: string;
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
  /** UTC ISO time the score was entered. */
  enteredAt: string;
  state: EntryState;
  /** The catalogue code of a rejection. */
  code: string | null;
  /** The server's translated reason of a rejection. */
  message: string | null;
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
  outbox: EntityTable<OutboxEntry, 'seq'>;
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

/** A random UUID (v4), also where `crypto.randomUUID` is missing (a page not served over HTTPS). */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
