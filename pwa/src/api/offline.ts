// Reads that must work with no network, for scoring offline (who is signed in, the console's
// Tournois tab, the event page). Each good answer is kept in IndexedDB (src/db/cache.ts); when
// the fetch fails for want of a network (fetch's TypeError, never an ApiError: a 401 or a 404 is
// an answer) the kept copy is the answer. 'offlineFirst' lets TanStack run the query offline.
// This file is on the landing page: the store is a lazy chunk, and a null answer (a visitor's
// GET /api/auth/user) opens it only when something was kept before ('centre.kept').
import type { QueryKey } from '@tanstack/react-query';
import { whenIdle } from '../lib/idle';

const store = () => import('../db/cache');

/** Keeps waiting for the page to settle, in the order they came. */
let waiting: (() => Promise<void>)[] = [];
let flushing = false;
/** Once a page needs its reads offline at once, every keep goes at once (keepOfflineNow). */
let eager = false;
/** The keeps under way, one after the other: a forgetting answer stays after what it forgets. */
let chain: Promise<void> = Promise.resolve();

function flush() {
  flushing = false;
  for (const task of waiting) chain = chain.then(task);
  waiting = [];
}

function keep(key: string, data: unknown, identity: boolean) {
  try {
    if (data == null && !localStorage.getItem('centre.kept')) return;
  } catch {
    // No local storage: nothing is kept.
    return;
  }
  const task = () => store().then((s) => s.keepAnswer(key, data, identity), () => undefined);
  if (eager) {
    chain = chain.then(task);
    return;
  }
  // Kept once the page has settled: the store's chunk is not part of the first screen.
  waiting.push(task);
  if (!flushing) {
    flushing = true;
    whenIdle(flush);
  }
}

/**
 * Keeps what was read so far now, and every later read at once: a page that must work offline
 * (the Tournois tab, an event's tournament) calls it as soon as it shows. Resolves once all of
 * it is in IndexedDB.
 */
export function keepOfflineNow(): Promise<void> {
  eager = true;
  flush();
  return chain;
}

/**
 * Query options (key, function, network mode) of a read that answers its kept copy offline.
 * `identity`: this read says who is signed in; its null answer forgets everything kept.
 */
export function offlineFirst<T>(queryKey: QueryKey, load: () => Promise<T>, identity = false) {
  const key = queryKey.join('/');
  return {
    queryKey,
    networkMode: 'offlineFirst' as const,
    queryFn: (): Promise<T> =>
      load().then(
        (data) => {
          keep(key, data, identity);
          return data;
        },
        (error: unknown) => store().then((s) => s.keptAnswer(key, error) as Promise<T>),
      ),
  };
}
