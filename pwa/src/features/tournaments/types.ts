// The tournament API's shapes, as the HTTP contract of issue 12 gives them. Times are UTC
// strings ('YYYY-MM-DDTHH:MM:SSZ'), shown at the centre through src/lib/format.ts.

export type TournamentStatus = 'setup' | 'in_progress' | 'completed';
export type RoundType = 'pool' | 'quarterfinal' | 'semifinal' | 'final';
export type MatchStatus = 'scheduled' | 'in_progress' | 'completed';

export interface Tournament {
  id: number;
  eventId: number;
  name: string;
  status: TournamentStatus;
  courtsAvailable: number;
  matchDurationMinutes: number;
  breakBetweenMatches: number;
  /** null shows 'Non défini'. */
  startTime: string | null;
  /** Beyond the spec: pools sharing the courts, 1 to 4. */
  poolCount: number;
  teamCount: number;
  /** Grows on every change of the tournament or its matches (the stream sends it). */
  version: number;
  createdAt: string;
}

export interface TeamWait {
  teamId: number;
  slots: number;
  minutes: number;
}

export interface ScheduleQuality {
  slotsUsed: number;
  lowerBound: number;
  courtUsePercent: number;
  backToBack: number;
  longestWait: TeamWait[];
  longestWaitMinutes: number;
  /** End of the last pool match. */
  estimatedEndTime: string | null;
}

/** Which pool count fits the day, before generating. */
export interface PoolEstimate {
  poolCount: number;
  poolSlots: number;
  knockoutSlots: number;
  /** From the start to the end of the final. */
  totalMinutes: number;
  /** null while the tournament has no start time. */
  endTime: string | null;
}

/** GET /api/admin/events/{eventId}/tournament */
export interface AdminTournament extends Tournament {
  quality: ScheduleQuality | null;
  estimates: PoolEstimate[];
}

export interface Match {
  id: number;
  tournamentId: number;
  roundType: RoundType;
  /** French fallback from the server; the PWA names rounds from its own translations. */
  roundName: string;
  /** 'QF1'..'QF4', 'SF1', 'SF2', 'F' for knockout matches, null for pool matches. */
  bracketCode: string | null;
  /** 0-based pool ('Poule A' = 0), null for knockout matches. */
  pool: number | null;
  /** 1-based pool round, null for knockout matches. */
  round: number | null;
  /** 'in_progress': its time has come and it has no score yet (computed by the server). */
  status: MatchStatus;
  team1Id: number | null;
  team2Id: number | null;
  team1Name: string | null;
  team2Name: string | null;
  /** Bracket code whose winner fills that side ('Gagnant de QF1'). */
  team1From: string | null;
  team2From: string | null;
  team1Score: number | null;
  team2Score: number | null;
  scheduledTime: string | null;
  courtNumber: number | null;
  court: number | null;
  slotIndex: number;
  version: number;
  forfeit: boolean;
  winnerId: number | null;
}

export interface Standing {
  /** 1-based rank within its pool. */
  position: number;
  /** 0-based. */
  pool: number;
  teamId: number;
  teamName: string;
  tournamentPoints: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  pointsFor: number;
  pointsAgainst: number;
  pointsDifferential: number;
}

/** GET /api/events/{eventId}/tournament (anyone). */
export interface PublicTournament {
  tournament: Tournament | null;
  matches: Match[];
  standings: Standing[];
}

/** GET /api/admin/tournaments/{id}/generate-schedule */
export interface GeneratedSchedule {
  tournament: AdminTournament;
  matches: Match[];
  quality: ScheduleQuality;
}

/** GET /api/events/{eventId}/user-team (signed in). */
export interface UserTeam {
  eventId: number;
  teamId: number;
  teamName: string;
  captainName: string;
  standing: Standing | null;
  nextMatch: Match | null;
}

/** One row of GET /api/user/tournament-data. */
export interface UserTournamentData extends UserTeam {
  eventTitle: string;
  eventTitleEn: string | null;
  eventStartDate: string;
  tournament: Tournament | null;
}

/** The body of creating or editing a tournament; a null number takes the server's default. */
export interface TournamentInput {
  courtsAvailable: number | null;
  matchDurationMinutes: number | null;
  breakBetweenMatches: number | null;
  startTime: string | null;
  poolCount: number | null;
}

export interface ScoreInput {
  team1Score: number;
  team2Score: number;
}

/** One side of a score conflict: the score on the match, or the one a phone pushed. */
export interface ConflictSide {
  team1Score: number | null;
  team2Score: number | null;
  /** The admin's name. */
  enteredBy: string | null;
  deviceId: string | null;
  enteredAt: string | null;
  /** When the server got the proposed entry. */
  receivedAt?: string | null;
}

/** GET /api/admin/tournaments/{id}/conflicts: a pushed score that differs from the match's. */
export interface ScoreConflict {
  entryId: string;
  matchId: number;
  tournamentId: number;
  team1Name: string | null;
  team2Name: string | null;
  roundType: RoundType;
  bracketCode: string | null;
  pool: number | null;
  courtNumber: number | null;
  scheduledTime: string | null;
  current: ConflictSide;
  proposed: ConflictSide;
}

/** POST /api/admin/score-conflicts/{entryId}/resolve */
export type ConflictChoice = 'current' | 'proposed';

/** POST /api/admin/sync/scores: one answered entry. */
export interface SyncResult {
  seq: number;
  entryId: string;
  matchId: number;
  outcome: 'applied' | 'duplicate' | 'conflict' | 'rejected';
  code: string | null;
  message: string | null;
}

export interface SyncAnswer {
  lastSeq: number;
  results: SyncResult[];
}
