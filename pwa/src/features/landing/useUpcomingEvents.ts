// The landing page's one read, GET /api/events, without the query library: a visitor's first
// load stays within its budget (docs/performance.md). Every other page reads events
// through features/events/queries.ts. Like the query client's answers (never
// stale), the answer is kept for the page's life; a failed read is asked again next time.
import { useEffect, useState } from 'react';
import { apiFetch } from '../../api/client';
import type { Event } from '../events/queries';

type UpcomingEvents = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: Event[] };

let answer: Event[] | undefined;
let asking: Promise<Event[]> | undefined;

function ask(): Promise<Event[]> {
  asking ??= apiFetch<Event[]>('/api/events').then(
    (events) => (answer = events),
    (error: unknown) => {
      asking = undefined;
      throw error;
    },
  );
  return asking;
}

/** Active events starting today or later (centre time zone), soonest first. */
export function useUpcomingEvents(): UpcomingEvents {
  const [read, setRead] = useState<UpcomingEvents>(() => (answer ? { status: 'success', data: answer } : { status: 'pending' }));
  useEffect(() => {
    if (answer) return;
    let shown = true;
    ask().then(
      (data) => shown && setRead({ status: 'success', data }),
      () => shown && setRead({ status: 'error' }),
    );
    return () => {
      shown = false;
    };
  }, []);
  return read;
}
