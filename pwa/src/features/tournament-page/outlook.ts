// A captain's match as core's report rule sees it on this phone: the server's last report with
// this phone's waiting reports applied (what each will do), read at now, so that a proposal
// past its deadline shows confirmed even while the lake has no signal, and a confirmation that
// would come too late is not offered.
import { reportOutlook, type CoreModule, type ReportOutlook, type ReportRequest } from '../../core';
import type { ReportEntry } from '../../db/outbox';
import { setPairs } from '../tournament-shared/scoreCheck';
import type { Match } from '../tournament-shared/types';

type Reporter = NonNullable<ReportRequest['report']>['by'];

/** Who a team is on a match: a playing side, else its work team. */
function side(match: Match, teamId: number | null | undefined): Reporter {
  if (teamId === null || teamId === undefined) return 'admin';
  return teamId === match.team1Id ? 'team1' : teamId === match.team2Id ? 'team2' : 'duty';
}

/**
 * The match's report with the phone's waiting `entries` for it (in the device's order) applied,
 * at `now`; null while core-wasm loads, or for a report core cannot read (a proposal without
 * its deadline): the page then shows the server's word alone.
 */
export function outlookOf(core: CoreModule | null, match: Match, teamId: number, entries: ReportEntry[], windowMinutes: number, now: Date, lang: string): ReportOutlook | null {
  if (!core) return null;
  const seen = match.report;
  const request: ReportRequest = {
    report: seen && {
      state: seen.state,
      by: side(match, seen.byTeamId),
      team1Score: seen.team1Score,
      team2Score: seen.team2Score,
      sets: setPairs(seen.sets),
      deadline: seen.deadline,
    },
    entries: entries
      .filter((e) => e.matchId === match.id && e.state === 'pending')
      .map((e) => ({ by: side(match, teamId), team1Score: e.team1Score, team2Score: e.team2Score, sets: e.sets ?? [], forfeit: e.forfeit ?? false, at: e.enteredAt })),
    windowMinutes,
    now: now.toISOString(),
  };
  try {
    return reportOutlook(core, request, lang);
  } catch {
    return null;
  }
}
