// The tournament API's shapes: the contract's (api/openapi.json, through src/api/types.ts), with
// its states (`status`, `roundType`, `outcome`) as the contract's enums. Times are UTC strings
// ('YYYY-MM-DDTHH:MM:SSZ'), shown at the centre through src/lib/format.ts.

import type { Body, Schemas } from '../../api/types';

export type Tournament = Schemas['TournamentDto'];

/** `estimatedEndTime`: the end of the last pool match. */
export type ScheduleQuality = Schemas['QualityDto'];

/** GET /api/admin/events/{eventId}/tournament */
export type AdminTournament = Schemas['AdminTournamentDto'];

/** `roundName` is the server's French fallback (the PWA names rounds from its translations);
 * `status` 'in_progress': its time has come and it has no score yet. */
export type Match = Schemas['MatchDto'];

/** `position` is the 1-based rank within its 0-based `pool`. */
export type Standing = Schemas['StandingDto'];

/** GET /api/events/{eventId}/tournament (anyone). */
export type PublicTournament = Schemas['PublicTournament'];

/** GET /api/admin/tournaments/{id}/generate-schedule */
export type GeneratedSchedule = Schemas['Generated'];

/** GET /api/events/{eventId}/user-team (signed in). */
export type UserTeam = Schemas['UserTeamDto'];

/** One row of GET /api/user/tournament-data. */
export type UserTournamentData = Schemas['UserTournamentData'];

/** The body of creating or editing a tournament; a null number takes the server's default. */
export type TournamentInput = Body<
  Schemas['TournamentConfigInput'],
  {
    courtsAvailable: number | null;
    matchDurationMinutes: number | null;
    breakBetweenMatches: number | null;
    startTime: string | null;
    poolCount: number | null;
    /** A preset's id (`fivb-beach`…) or a custom format; null: `single`. */
    poolFormat: Schemas['FormatInput'] | null;
    knockoutFormat: Schemas['FormatInput'] | null;
    /** Absent: the tournament keeps its own. */
    scoring?: Schemas['Scoring'];
    confirmMinutes?: number | null;
    duty?: Schemas['DutyMode'];
  }
>;

/** With `sets` (team 1's points first), the two scores are the sets won. */
export type ScoreInput = Body<Schemas['ScoreInput'], { team1Score: number; team2Score: number; sets?: number[][] }>;

/** One side of a score conflict: the score on the match, or the one a phone pushed. */
export type ConflictSide = Schemas['SideDto'];

/** GET /api/admin/tournaments/{id}/conflicts: a pushed score that differs from the match's. */
export type ScoreConflict = Schemas['ConflictDto'];

/** POST /api/admin/score-conflicts/{entryId}/resolve */
export type ConflictChoice = Schemas['KeepBody'];

/** POST /api/admin/sync/scores: one answered entry. */
export type SyncResult = Schemas['ResultDto'];

export type SyncAnswer = Schemas['PushAnswer'];
