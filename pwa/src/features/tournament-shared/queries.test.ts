import { describe, expect, it } from 'vitest';
import { isTournamentKey, nextTournamentMatch, tournamentKeys } from './queries';
import { match } from './testFixtures';
import type { UserTournamentData } from './types';

const row = (teamId: number, nextMatch: UserTournamentData['nextMatch']): UserTournamentData => ({
  eventId: 7, teamId, teamName: `Équipe ${teamId}`, captainName: 'Marie Tremblay', standing: null, nextMatch, finalPlace: null,
  eventTitle: 'Volley', eventTitleEn: null, eventStartDate: '2030-07-01T13:00:00Z', tournament: null,
});

describe("the member home's next match", () => {
  it('picks the soonest scheduled match across the member’s teams', () => {
    const later = match({ id: 1, scheduledTime: '2030-07-01T15:00:00Z' });
    const sooner = match({ id: 2, scheduledTime: '2030-07-01T14:00:00Z' });
    expect(nextTournamentMatch([row(1, later), row(2, null), row(3, sooner)])?.match.id).toBe(2);
    expect(nextTournamentMatch([row(1, null)])).toBeNull();
    expect(nextTournamentMatch([])).toBeNull();
  });

  it('keys the public data under the event and the member’s under /api/user', () => {
    expect(tournamentKeys.event(7)).toEqual(['api', 'events', '7', 'tournament']);
    expect(tournamentKeys.userTeam('7')).toEqual(['api', 'events', '7', 'user-team']);
    expect(tournamentKeys.mine.slice(0, 2)).toEqual(['api', 'user']);
  });

  it('refreshes every tournament read after a sync, and nothing else', () => {
    for (const key of [tournamentKeys.admin(7), tournamentKeys.matches(5), tournamentKeys.standings(5), tournamentKeys.conflicts(5), tournamentKeys.event(7), tournamentKeys.userTeam(7), tournamentKeys.mine]) {
      expect(isTournamentKey(key)).toBe(true);
    }
    for (const key of [['api', 'events'], ['api', 'events', '7'], ['api', 'admin', 'events'], ['api', 'auth', 'user'], ['api', 'user', 'event-registrations']]) {
      expect(isTournamentKey(key)).toBe(false);
    }
  });
});
