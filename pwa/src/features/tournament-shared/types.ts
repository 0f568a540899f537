// The tournament API's shapes: the contract's (api/openapi.json, through src/api/types.ts),
// narrowed to the unions the PWA knows. Times are UTC strings ('YYYY-MM-DDTHH:MM:SSZ'), shown at
// the centre through src/lib/format.ts.

import type { Body, Narrow, Schemas } from '../../api/types';

export type TournamentStatus = 'setup' | 'in_progress' | 'completed';
export type RoundType = 'pool' | 'quarterfinal' | 'semifinal' | 'final';
export type MatchStatus = 'scheduled' | 'in_progress' | 'completed';

export type Tournament = Narrow<Schemas['TournamentDto'], { status: TournamentStatus }>;

/** `estimatedEndTime`: the end of the last pool match. */
export type ScheduleQuality = Schemas['QualityDto'];

/** GET /api/admin/events/{eventId}/tournament */
export type AdminTournament = Narrow<Schemas['AdminTournamentDto'], { status: TournamentStatus }>;

/** `roundName` is the server's French fallback (the PWA names rounds from its translations);
 * `status` 'in_progress': its time has come and it has no score yet. */
export type Match = Narrow<Schemas['MatchDto'], { roundType: RoundType; status: MatchStatus }>;

/** `position` is the 1-based rank within its 0-based `pool`. */
export type Standing = Schemas['StandingDto'];

/** GET /api/events/{eventId}/tournament (anyone). */
export type PublicTournament = Narrow<Schemas['PublicTournament'], { tournament: Tournament | null; matches: Match[] }>;

/** GET /api/admin/tournaments/{id}/generate-schedule */
export type GeneratedSchedule = Narrow<Schemas['Generated'], { tournament: AdminTournament; matches: Match[] }>;

/** GET /api/events/{eventId}/user-team (signed in). */
export type UserTeam = Narrow<Schemas['UserTeamDto'], { nextMatch: Match | null }>;

/** One row of GET /api/user/tournament-data. */
export type UserTournamentData = Narrow<
  Schemas['UserTournamentData'],
  { nextMatch: Match | null; tournament: Tournament | null }
>;

/** The body of creating or editing a tournament; a null number takes the server's default. */
export type TournamentInput = Body<
  Schemas['TournamentConfigInput'],
  {
    courtsAvailable: number | null;
    matchDurationMinutes: number | null;
    breakBetweenMatches: number | null;
    startTime: string | null;
    poolCount: number | null;
  }
>;

export type ScoreInput = Body<Schemas['ScoreInput'], { team1Score: number; team2Score: number }>;

/** One side of a score conflict: the score on the match, or the one a phone pushed. */
export type ConflictSide = Schemas['SideDto'];

/** GET /api/admin/tournaments/{id}/conflicts: a pushed score that differs from the match's. */
export type ScoreConflict = Narrow<Schemas['ConflictDto'], { roundType: RoundType }>;

/** POST /api/admin/score-conflicts/{entryId}/resolve */
export type ConflictChoice = Schemas['KeepBody'];

/** POST /api/admin/sync/scores: one answered entry. */
export type SyncResult = Narrow<Schemas['ResultDto'], { outcome: 'applied' | 'duplicate' | 'conflict' | 'rejected' }>;

export type SyncAnswer = Narrow<Schemas['PushAnswer'], { results: SyncResult[] }>;
