// Live updates of the event page while its tournament runs: an EventSource on
// /api/events/{id}/tournament/stream. The server sends a `tournament` event {"version": n} at
// connect and after every change; each one whose version is not the one on screen invalidates
// the tournament and the member's team (data is never stale otherwise: src/api/README.md). The
// browser reconnects by itself after a dropped connection, and the message sent at reconnect
// refetches what changed in between; a refusal (the server's cap on live pages answers 503)
// closes an EventSource for good, so the page opens a new one after a while (REOPEN_MS, as the
// answer's Retry-After asks). Closed on unmount and once the tournament is completed. A match whose time comes
// turns 'En cours' on the server without a change to push: the page refetches at that moment.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { tournamentKeys } from '../tournament-shared/queries';
import { nextStatusChange } from '../tournament-shared/schedule';
import type { Match, Tournament } from '../tournament-shared/types';

/** How long a refused live page waits before it asks again (the server's Retry-After). */
export const REOPEN_MS = 10_000;

/** The version a stream message carries, or null when it carries none. */
export function pushedVersion(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as { version?: unknown };
    return typeof parsed.version === 'number' ? parsed.version : null;
  } catch {
    return null;
  }
}

export function useTournamentStream(eventId: number | string, tournament: Tournament | null | undefined, matches: Match[]) {
  const queryClient = useQueryClient();
  const live = !!tournament && tournament.status !== 'completed';
  const shown = useRef<number | null>(tournament?.version ?? null);
  useEffect(() => {
    shown.current = tournament?.version ?? null;
  }, [tournament?.version]);

  useEffect(() => {
    if (!live || typeof EventSource === 'undefined') return;
    const onMessage = (event: MessageEvent) => {
      const version = pushedVersion(event.data);
      if (version !== null && version === shown.current) return;
      void queryClient.invalidateQueries({ queryKey: tournamentKeys.event(eventId) });
      void queryClient.invalidateQueries({ queryKey: tournamentKeys.userTeam(eventId) });
    };
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const opened = new EventSource(`/api/events/${eventId}/tournament/stream`);
      opened.addEventListener('tournament', onMessage);
      opened.addEventListener('message', onMessage);
      opened.addEventListener('error', () => {
        if (opened.readyState !== EventSource.CLOSED) return;
        // Spread over the next REOPEN_MS so refused pages do not all come back at once.
        reopen = setTimeout(open, REOPEN_MS + Math.random() * REOPEN_MS);
      });
      source = opened;
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [eventId, live, queryClient]);

  useEffect(() => {
    const now = Date.now();
    const changeAt = live ? nextStatusChange(matches, now) : null;
    if (changeAt === null) return;
    // At most a day ahead (setTimeout's limit is about 24.8 days; a page is not open that long).
    const delay = Math.min(changeAt - now + 1000, 24 * 3600 * 1000);
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: tournamentKeys.event(eventId) }), delay);
    return () => clearTimeout(timer);
  }, [live, matches, eventId, queryClient]);
}
