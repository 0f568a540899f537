// The score stream of the one outbox (src/sync/push.ts pushes every kind in the device's order):
// each score with its sets where the match's phase has them. The app's starter registers it for
// admins (src/sync/SyncStarter.tsx).
import type { Schemas } from '../../../api/types';
import type { OutboxEntry } from '../../../db/outbox';
import type { Stream } from '../../../sync/push';
import { refreshTournaments } from '../../tournament-shared/queries';

export const SYNC_PATH = '/api/admin/sync/scores';

/** An entry as the server takes it: with its sets where it has them (an entry without is a single score). */
function wire(entry: OutboxEntry): Schemas['EntryBody'] {
  const { seq, entryId, matchId, team1Score, team2Score, baseVersion, enteredAt, team1Id = null, team2Id = null, sets } = entry;
  return { seq, entryId, matchId, team1Score, team2Score, baseVersion, enteredAt, team1Id, team2Id, ...(sets && sets.length > 0 ? { sets } : {}) };
}

export const scoreStream: Stream<OutboxEntry> = { kind: 'score', path: SYNC_PATH, wire, refresh: refreshTournaments };
