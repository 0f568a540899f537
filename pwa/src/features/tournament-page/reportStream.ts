// The captains' report stream of the one outbox (src/sync/push.ts pushes every kind in the
// device's order): a result reported, confirmed or disputed at the lake with no signal leaves
// when the server answers. The app's starter registers it for every signed-in member
// (src/sync/SyncStarter.tsx); the server holds each report to the captains' rule.
import type { Schemas } from '../../api/types';
import type { ReportEntry } from '../../db/outbox';
import type { Stream } from '../../sync/push';
import { refreshTournaments } from '../tournament-shared/queries';

export const REPORT_PATH = '/api/user/sync/reports';

/** An entry as the server takes it: the sets where the phase has them, else the two scores. */
export function wire(entry: ReportEntry): Schemas['ReportEntryBody'] {
  const { seq, entryId, matchId, enteredAt, team1Score, team2Score, sets, forfeit } = entry;
  if (forfeit) return { seq, entryId, matchId, enteredAt, forfeit: true };
  return { seq, entryId, matchId, enteredAt, ...(sets && sets.length > 0 ? { sets } : { team1Score, team2Score }) };
}

export const reportStream: Stream<ReportEntry> = { kind: 'report', path: REPORT_PATH, wire, refresh: refreshTournaments };
