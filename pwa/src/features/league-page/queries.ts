// The public league: GET /api/events/{eventId}/league, kept for offline use like the
// tournament's. Its key sits under the event's, so what refreshes the event refreshes it.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import { offlineFirst } from '../../api/offline';
import type { Schemas } from '../../api/types';

/** The league (or null), its nights, and this week's night with its grid. */
export type PublicLeague = Schemas['PublicLeague'];
export type LeagueNight = Schemas['NightGridDto'];
export type LeagueTier = Schemas['TierDto'];
export type Movement = Schemas['Movement'];

export const leagueKeys = {
  /** GET /api/events/{eventId}/league */
  event: (eventId: number | string) => ['api', 'events', String(eventId), 'league'] as const,
};

export function useEventLeague(eventId: number | string) {
  return useQuery(offlineFirst(leagueKeys.event(eventId), () => apiFetch<PublicLeague>(`/api/events/${eventId}/league`)));
}
