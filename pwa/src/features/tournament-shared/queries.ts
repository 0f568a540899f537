// Tournaments: the one query-key factory and the read hooks. The event page and the member
// home read tournament data through these hooks only. Keys are the API paths split on '/':
// the public ones sit under the event's key (['api', 'events', id]) and the member's under
// ['api', 'user'], so what invalidates those lists refreshes these too. What the console's
// Tournois tab and the event page read is kept for offline use (src/api/offline.ts).
import { useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import { offlineFirst } from '../../api/offline';
import type { AdminTournament, Match, PublicTournament, ScoreConflict, Standing, UserTeam, UserTournamentData } from './types';

export const tournamentKeys = {
  /** GET /api/admin/events/{eventId}/tournament */
  admin: (eventId: number | string) => ['api', 'admin', 'events', String(eventId), 'tournament'] as const,
  /** Prefix of every GET /api/admin/tournaments/{id}/… */
  adminAll: ['api', 'admin', 'tournaments'] as const,
  /** GET /api/admin/tournaments/{id}/matches */
  matches: (id: number) => ['api', 'admin', 'tournaments', String(id), 'matches'] as const,
  /** GET /api/admin/tournaments/{id}/standings */
  standings: (id: number) => ['api', 'admin', 'tournaments', String(id), 'standings'] as const,
  /** GET /api/admin/tournaments/{id}/conflicts */
  conflicts: (id: number) => ['api', 'admin', 'tournaments', String(id), 'conflicts'] as const,
  /** GET /api/events/{eventId}/tournament */
  event: (eventId: number | string) => ['api', 'events', String(eventId), 'tournament'] as const,
  /** GET /api/events/{eventId}/user-team */
  userTeam: (eventId: number | string) => ['api', 'events', String(eventId), 'user-team'] as const,
  /** GET /api/user/tournament-data */
  mine: ['api', 'user', 'tournament-data'] as const,
};

/** The event's tournament for the console, or null when it has none. */
export function useAdminTournament(eventId: number | null) {
  return useQuery({
    ...offlineFirst(tournamentKeys.admin(eventId ?? ''), () => apiFetch<AdminTournament | null>(`/api/admin/events/${eventId}/tournament`)),
    enabled: eventId !== null,
  });
}

/** The tournament's matches, ordered by slot then court (admins). */
export function useAdminMatches(tournamentId: number) {
  return useQuery(offlineFirst(tournamentKeys.matches(tournamentId), () => apiFetch<Match[]>(`/api/admin/tournaments/${tournamentId}/matches`)));
}

/** The tournament's standings, ordered by pool then position (admins). */
export function useAdminStandings(tournamentId: number) {
  return useQuery(offlineFirst(tournamentKeys.standings(tournamentId), () => apiFetch<Standing[]>(`/api/admin/tournaments/${tournamentId}/standings`)));
}

/** The tournament's open score conflicts, oldest first (admins). */
export function useScoreConflicts(tournamentId: number) {
  return useQuery(offlineFirst(tournamentKeys.conflicts(tournamentId), () => apiFetch<ScoreConflict[]>(`/api/admin/tournaments/${tournamentId}/conflicts`)));
}

/** The event page's tournament: the tournament (or null), its matches and standings. */
export function useEventTournament(eventId: number | string) {
  return useQuery(offlineFirst(tournamentKeys.event(eventId), () => apiFetch<PublicTournament>(`/api/events/${eventId}/tournament`)));
}

/** Every tournament read: the console's, the event pages' and the member's. */
export function isTournamentKey(key: QueryKey): boolean {
  const [api, area, kind] = key;
  const last = key[key.length - 1];
  return (
    api === 'api' &&
    ((area === 'admin' && kind === 'tournaments') || last === 'tournament' || last === 'user-team' || (area === 'user' && kind === 'tournament-data'))
  );
}

/** Refetches every tournament read (after a sync: other phones' scores come in). */
export function refreshTournaments(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isTournamentKey(query.queryKey) });
}

/** Refetches the event page's tournament and the member's team in it (a live change). */
export function refreshEventTournament(queryClient: QueryClient, eventId: number | string): void {
  void queryClient.invalidateQueries({ queryKey: tournamentKeys.event(eventId) });
  void queryClient.invalidateQueries({ queryKey: tournamentKeys.userTeam(eventId) });
}

/** Refetches the console's tournament: itself, its matches, standings and conflicts (a live change). */
export function refreshAdminTournament(queryClient: QueryClient, eventId: number | string): void {
  void queryClient.invalidateQueries({ queryKey: tournamentKeys.admin(eventId) });
  void queryClient.invalidateQueries({ queryKey: tournamentKeys.adminAll });
}

/** The signed-in member's team in the event, or null; runs only when `signedIn`. */
export function useUserTeam(eventId: number | string, signedIn: boolean) {
  return useQuery({
    queryKey: tournamentKeys.userTeam(eventId),
    queryFn: () => apiFetch<UserTeam | null>(`/api/events/${eventId}/user-team`),
    enabled: signedIn,
  });
}

/** One row per team of the member, soonest event first; runs only when `enabled`. */
export function useMyTournamentData(enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.mine,
    queryFn: () => apiFetch<UserTournamentData[]>('/api/user/tournament-data'),
    enabled,
  });
}

/** The member's next match across their teams (the soonest scheduled one), with its team's row. */
export function nextTournamentMatch(rows: UserTournamentData[]): { row: UserTournamentData; match: Match } | null {
  let best: { row: UserTournamentData; match: Match } | null = null;
  const at = (match: Match) => (match.scheduledTime ? Date.parse(match.scheduledTime) : Number.POSITIVE_INFINITY);
  for (const row of rows) {
    if (!row.nextMatch) continue;
    if (!best || at(row.nextMatch) < at(best.match)) best = { row, match: row.nextMatch };
  }
  return best;
}
