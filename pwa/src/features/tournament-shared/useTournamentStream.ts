// Live updates of a tournament while it runs, for the event page and the console's Tournois tab:
// an EventSource on /api/events/{id}/tournament/stream. The server sends a `tournament` event
// {"version": n} at connect and after every change (scores, corrections, conflicts and their
// settlements); each one whose version is not the one on screen calls `refresh`, which
// invalidates what the page reads (data is never stale otherwise: src/api/README.md). A burst
// of changes costs one refresh: messages are gathered for COALESCE_MS, and a version already
// asked for is not asked again. The browser reconnects by itself after a dropped connection, and
// the message sent at reconnect refetches what changed in between; when the network comes back
// the stream is opened anew at once (the browser's own retry may wait, or give up); a refusal
// (the server's cap on live pages answers 503) closes an EventSource for good, so the page opens
// a new one after a while (REOPEN_MS, as the answer's Retry-After asks). Closed on unmount and
// once the tournament is completed. A match whose time comes turns 'En cours' on the server
// without a change to push: the page refreshes at that moment.
import { useEffect, useRef } from 'react';
import { nextStatusChange } from './schedule';
import type { Match, Tournament } from './types';

/** How long a refused live page waits before it asks again (the server's Retry-After). */
export const REOPEN_MS = 10_000;

/** How long the messages of one burst of changes are gathered into one refresh. */
export const COALESCE_MS = 250;

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

/** What the stream needs of the tournament on screen. */
type Followed = { status: Tournament['status']; version: number };

/**
 * Follows the event's tournament while it is not completed; `refresh` refetches what the page
 * shows of it (it may change from one render to the next).
 */
export function useTournamentStream(eventId: number | string, tournament: Followed | null | undefined, matches: Match[], refresh: () => void) {
  const live = !!tournament && tournament.status !== 'completed';
  const shown = useRef<number | null>(tournament?.version ?? null);
  const asked = useRef<number | null>(null);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);
  useEffect(() => {
    shown.current = tournament?.version ?? null;
  }, [tournament?.version]);

  useEffect(() => {
    if (!live || typeof EventSource === 'undefined') return;
    let gathering: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (event: MessageEvent) => {
      const version = pushedVersion(event.data);
      if (version !== null && (version === shown.current || version === asked.current)) return;
      asked.current = version;
      if (gathering !== undefined) return;
      gathering = setTimeout(() => {
        gathering = undefined;
        refreshRef.current();
      }, COALESCE_MS);
    };
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const opened = new EventSource(`/api/events/${eventId}/tournament/stream`);
      opened.addEventListener('tournament', onMessage);
      opened.addEventListener('message', onMessage);
      opened.addEventListener('error', () => {
        if (opened.readyState !== EventSource.CLOSED || source !== opened) return;
        // Spread over the next REOPEN_MS so refused pages do not all come back at once.
        reopen = setTimeout(open, REOPEN_MS + Math.random() * REOPEN_MS);
      });
      source = opened;
    };
    // Back online: a new stream now, whose first message says whether anything changed meanwhile.
    const onOnline = () => {
      clearTimeout(reopen);
      source?.close();
      asked.current = null;
      open();
    };
    open();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(reopen);
      clearTimeout(gathering);
      source?.close();
    };
  }, [eventId, live]);

  useEffect(() => {
    const now = Date.now();
    const changeAt = live ? nextStatusChange(matches, now) : null;
    if (changeAt === null) return;
    // At most a day ahead (setTimeout's limit is about 24.8 days; a page is not open that long).
    const delay = Math.min(changeAt - now + 1000, 24 * 3600 * 1000);
    const timer = setTimeout(() => refreshRef.current(), delay);
    return () => clearTimeout(timer);
  }, [live, matches]);
}
