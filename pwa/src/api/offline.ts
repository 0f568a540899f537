// Reads that must work with no network, for scoring offline (who is signed in, the console's
// Tournois tab, the event page). Each good answer is kept in IndexedDB (src/db/cache.ts); when
// the fetch fails for want of a network (fetch's TypeError, never an ApiError: a 401 or a 404 is
// an answer) the kept copy is the answer. 'offlineFirst' lets TanStack run the query offline.
// This file is on the landing page: the store is a lazy chunk, and a null answer (a visitor's
// GET /api/auth/user) opens it only when something was kept before ('centre.kept').
import type { QueryKey } from '@tanstack/react-query';
import { whenIdle } from '../lib/idle';

const store = () => import('../db/cache');

function keep(key: string, data: unknown, identity: boolean) {
  try {
    // Kept once the page has settled: the store's chunk is not part of the first screen.
    if (data != null || localStorage.getItem('centre.kept')) whenIdle(() => void store().then((s) => s.keepAnswer(key, data, identity), () => undefined));
  } catch {
    // No local storage: nothing is kept.
  }
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
