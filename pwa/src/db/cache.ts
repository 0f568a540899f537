// The query cache for offline reads: the last good answer per query key. src/api/offline.ts
// calls these (it is on the landing page, so the logic lives here, in a lazy chunk).
import { db } from './database';

/** Local-storage mark that something was kept: a visitor's null answers need not open IndexedDB. */
export const KEPT_MARK = 'centre.kept';

/**
 * Keeps a good answer; a null one (signed out, nothing there) forgets the kept copy, and a null
 * `identity` answer (who is signed in: nobody) forgets every kept answer, so a phone passed on
 * after signing out keeps no one's data. The outbox stays: its scores still go out at the next
 * admin's sign-in. Never fails.
 */
export async function keepAnswer(key: string, data: unknown, identity = false): Promise<void> {
  try {
    if (data == null && identity) {
      await db.cache.clear();
      localStorage.removeItem(KEPT_MARK);
    } else if (data == null) {
      await db.cache.delete(key);
    } else {
      localStorage.setItem(KEPT_MARK, '1');
      await db.cache.put({ key, data, savedAt: Date.now() });
    }
  } catch {
    // No IndexedDB or local storage (private mode): nothing is kept.
  }
}

/**
 * The kept answer of a read that failed for want of a network (fetch's TypeError); any other
 * failure (an ApiError: the server answered), or nothing kept, is that failure again.
 */
export async function keptAnswer(key: string, failure: unknown): Promise<unknown> {
  if (!(failure instanceof TypeError)) throw failure;
  const kept = await db.cache.get(key).catch(() => undefined);
  if (kept === undefined) throw failure;
  return kept.data;
}
