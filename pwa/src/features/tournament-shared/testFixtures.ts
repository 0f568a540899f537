// Builders of API shapes for the tests of the console's and the event page's tournament parts
// (not imported by the app).
import type { MatchFormat } from './format';
import type { AdminTournament, Match, Standing } from './types';

/** The presets as the server answers them in a tournament (centre-core's `preset()`). */
export const FORMATS = {
  single: {
    preset: 'single',
    sets: null,
    points: { win: 3, closeWin: 3, draw: 1, closeLoss: 0, loss: 0, forfeit: 0 },
    tiebreaks: [
      { criterion: 'points', scope: 'all' },
      { criterion: 'point_difference', scope: 'all' },
      { criterion: 'points_for', scope: 'all' },
      { criterion: 'head_to_head', scope: 'tied' },
      { criterion: 'team_name', scope: 'all' },
      { criterion: 'registration_order', scope: 'all' },
    ],
  },
  fivbBeach: {
    preset: 'fivb-beach',
    sets: { sets: 3, playAll: false, points: 21, decidingPoints: 15, winByTwo: true, cap: null, timeLimitMinutes: null },
    points: { win: 2, closeWin: 2, draw: 1, closeLoss: 1, loss: 1, forfeit: 0 },
    tiebreaks: [
      { criterion: 'points', scope: 'all' },
      { criterion: 'set_ratio', scope: 'tied' },
      { criterion: 'point_ratio', scope: 'tied' },
      { criterion: 'point_ratio', scope: 'all' },
      { criterion: 'head_to_head', scope: 'tied' },
      { criterion: 'registration_order', scope: 'all' },
    ],
  },
  rec2x21: {
    preset: 'rec-2x21',
    sets: { sets: 2, playAll: true, points: 21, decidingPoints: null, winByTwo: true, cap: 23, timeLimitMinutes: null },
    points: { win: 3, closeWin: 3, draw: 1, closeLoss: 0, loss: 0, forfeit: 0 },
    tiebreaks: [
      { criterion: 'points', scope: 'all' },
      { criterion: 'set_ratio', scope: 'tied' },
      { criterion: 'point_ratio', scope: 'tied' },
      { criterion: 'point_ratio', scope: 'all' },
      { criterion: 'head_to_head', scope: 'tied' },
      { criterion: 'registration_order', scope: 'all' },
    ],
  },
} satisfies Record<string, MatchFormat>;

export function match(overrides: Partial<Match> = {}): Match {
  return {
    id: 1,
    tournamentId: 1,
    roundType: 'pool',
    roundName: 'nom du serveur',
    bracketCode: null,
    pool: 0,
    round: 1,
    status: 'scheduled',
    late: false,
    started: false,
    team1Id: 11,
    team2Id: 12,
    team1Name: 'Les Huards',
    team2Name: 'Les Castors',
    team1Withdrawn: false,
    team2Withdrawn: false,
    team1From: null,
    team2From: null,
    team1Score: null,
    team2Score: null,
    scheduledTime: '2030-07-01T13:00:00Z',
    courtNumber: 1,
    court: 1,
    slotIndex: 0,
    version: 1,
    forfeit: false,
    forfeitSide: null,
    winnerId: null,
    sets: [],
    report: null,
    dutyTeamId: null,
    dutyTeamName: null,
    dutyFrom: null,
    dutyFromCode: null,
    ...overrides,
  };
}

export function standing(overrides: Partial<Standing> = {}): Standing {
  return {
    position: 1,
    pool: 0,
    teamId: 11,
    teamName: 'Les Huards',
    tournamentPoints: 0,
    played: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    pointsFor: 0,
    pointsAgainst: 0,
    pointsDifferential: 0,
    setsWon: null,
    setsLost: null,
    setRatio: null,
    pointRatio: null,
    decidedBy: null,
    ...overrides,
  };
}

export function adminTournament(overrides: Partial<AdminTournament> = {}): AdminTournament {
  return {
    id: 5,
    eventId: 7,
    name: 'Tournoi - Volley de la Saint-Jean',
    status: 'setup',
    courtsAvailable: 2,
    matchDurationMinutes: 20,
    breakBetweenMatches: 10,
    startTime: '2030-07-01T13:00:00Z',
    poolCount: 1,
    poolFormat: FORMATS.single,
    knockoutFormat: FORMATS.single,
    scoring: 'staff',
    confirmMinutes: 10,
    duty: 'none',
    teamCount: 6,
    version: 1,
    createdAt: '2030-06-01T13:00:00Z',
    quality: null,
    dutyQuality: null,
    estimates: [],
    ...overrides,
  };
}

/** A team-scored match's report: by default team 13 proposed 21-18, without sets. */
export function matchReport(overrides: Partial<NonNullable<Match['report']>> = {}): NonNullable<Match['report']> {
  return {
    state: 'proposed',
    byTeamId: 13,
    team1Score: 21,
    team2Score: 18,
    sets: [],
    counterSets: null,
    counterTeam1Score: null,
    counterTeam2Score: null,
    counterByTeamId: null,
    deadline: '2030-07-01T13:40:00Z',
    decidedByAdmin: false,
    ...overrides,
  };
}
