// The sync engine: one pusher per phone, for every kind of entry (push.ts's streams: scores,
// attendance). Several tabs share one IndexedDB, so a push runs under the Web Lock
// 'centre-score-sync' (its name from when it pushed scores only: a tab of the older app and one
// of this app still exclude each other). It runs after an entry is made (one made before the
// app's starter has registered its kind, in a page's first seconds, leaves once it has), when the network comes
// back, when the app comes to the foreground, and on a timer while entries wait after a failure
// (2 s doubling to 60 s), and when the server answers again after a failure (api/reachability.ts:
// on a network that answers nothing the browser never says 'online'). After a push each stream that had answers refetches its reads (after
// the network came back, every stream), so other phones' entries show here too. A 401 stops it
// until the person signs in again (the page comes back and starts it anew); nothing is dropped.
import type { QueryClient } from '@tanstack/react-query';
import { onReturn } from '../api/reachability';
import { pushPending, registeredStreams, type PushResult, type Stream } from './push';

export { registerStream, type Stream } from './push';

export const LOCK_NAME = 'centre-score-sync';
export const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 60_000;

export type SyncState = 'idle' | 'syncing' | 'retrying' | 'signedOut' | 'forbidden';

let state: SyncState = 'idle';
const listeners = new Set<() => void>();
let running: Promise<void> | null = null;
let again = false;
let pullAfter = false;
let delay = FIRST_DELAY_MS;
let timer: ReturnType<typeof setTimeout> | undefined;
let queryClient: QueryClient | null = null;

function publish(next: SyncState) {
  if (state === next) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export function syncState(): SyncState {
  return state;
}

export function subscribeSync(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? locks.request(LOCK_NAME, task) : task();
}

function after(result: PushResult) {
  clearTimeout(timer);
  if (result === 'retry') {
    publish('retrying');
    // The timer is one of the triggers: it runs while they are on (startSync).
    if (queryClient) timer = setTimeout(() => kickSync(), delay);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
    return;
  }
  delay = FIRST_DELAY_MS;
  publish(result === 'done' ? 'idle' : result);
}

async function run() {
  do {
    again = false;
    const pull = pullAfter;
    pullAfter = false;
    publish('syncing');
    let result: PushResult = 'retry';
    const touched = new Set<Stream>();
    try {
      ({ result } = await withLock(() => pushPending((stream) => touched.add(stream))));
    } catch {
      // IndexedDB or the lock failed: try again later.
    }
    after(result);
    const client = queryClient;
    const refetch = pull ? registeredStreams() : [...touched];
    if (client && result !== 'signedOut') await Promise.all(refetch.map((stream) => stream.refresh(client).catch(() => undefined)));
  } while (again);
}

/**
 * Pushes now (or right after the push under way); `pull` also refetches the tournament when
 * nothing was sent. Resolves once the push is over.
 */
export function kickSync(options: { pull?: boolean } = {}): Promise<void> {
  if (options.pull) pullAfter = true;
  if (running) {
    again = true;
    return running;
  }
  running = run().finally(() => {
    running = null;
  });
  return running;
}

/** Starts the triggers for this page (once, at the app's root, for a signed-in admin or
 *  counsellor: SyncStarter.tsx); returns the stop. */
export function startSync(client: QueryClient): () => void {
  queryClient = client;
  const onOnline = () => void kickSync({ pull: true });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void kickSync({ pull: true });
  };
  window.addEventListener('online', onOnline);
  // The server answered again after a failure, whatever the browser thinks of its network.
  const stopReturn = onReturn(onOnline);
  document.addEventListener('visibilitychange', onVisible);
  void kickSync();
  return () => {
    stopReturn();
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    clearTimeout(timer);
    if (queryClient === client) queryClient = null;
  };
}
