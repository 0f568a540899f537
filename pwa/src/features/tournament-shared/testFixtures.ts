// Builders of API shapes for the tests of the console's and the event page's tournament parts
// (not imported by the app).
import type { AdminTournament, Match, Standing } from './types';

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
    team1Id: 11,
    team2Id: 12,
    team1Name: 'Les Huards',
    team2Name: 'Les Castors',
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
    winnerId: null,
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
    teamCount: 6,
    version: 1,
    createdAt: '2030-06-01T13:00:00Z',
    quality: null,
    estimates: [],
    ...overrides,
  };
}
