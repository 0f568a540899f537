// One line saying where a screen that works offline stands, the same on every such screen (the
// console's Tournois tab, the counsellor's day): 'Hors ligne · 3 scores en attente' while the
// server does not answer, 'Synchronisation…' while entries leave or the screen's reads are still
// being kept on this phone, 'Prêt hors ligne · à jour à 14:02' once everything it needs is kept
// (its reads in IndexedDB, the app's files with the service worker). 'Hors ligne' follows what
// the server answered (api/reachability.ts), not `navigator.onLine`, which stays true on a
// network that answers nothing. The reads are kept at once when the screen shows
// (api/offline.ts keepOfflineNow), not once the page has settled: the network may go a second
// later.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { keepOfflineNow } from '../api/offline';
import { reach, subscribeReach, watchReach } from '../api/reachability';
import { formatClock } from '../lib/format';
import { subscribeSync, syncState, type SyncState } from './engine';

/** The sync engine's state ('signedOut' after a 401). */
export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribeSync, syncState, syncState);
}

/** Whether the server answers, probed while the component is mounted. */
export function useReachable(): boolean {
  useEffect(() => watchReach(), []);
  return useSyncExternalStore(subscribeReach, reach, () => 'reachable') === 'reachable';
}

/** The service worker is active: the app's files open with no network. */
function useWorkerReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    navigator.serviceWorker?.ready.then(
      () => {
        if (current) setReady(true);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return ready;
}

export interface SyncLineProps {
  /** Every read of the screen has answered. */
  loaded: boolean;
  /** When the newest of them came from the server (ms since the epoch). */
  updatedAt: number;
  /** This screen's entries waiting to be sent. */
  waiting: number;
  /** 'Hors ligne · N … en attente', in this screen's words. */
  offlineText: (count: number) => string;
}

export function SyncLine({ loaded, updatedAt, waiting, offlineText }: SyncLineProps) {
  const { t, i18n } = useTranslation('common');
  const reachable = useReachable();
  const sync = useSyncState();
  const worker = useWorkerReady();
  // The answers of `updatedAt` are in IndexedDB.
  const [keptAt, setKeptAt] = useState<number | null>(null);
  useEffect(() => {
    if (!loaded) return;
    let current = true;
    void keepOfflineNow().then(() => {
      if (current) setKeptAt(updatedAt);
    });
    return () => {
      current = false;
    };
  }, [loaded, updatedAt]);

  let text: string;
  if (!reachable) text = offlineText(waiting);
  else if (waiting > 0 || sync === 'syncing' || sync === 'retrying' || !worker || keptAt !== updatedAt) text = t('syncLine.syncing');
  else text = t('syncLine.ready', { time: formatClock(updatedAt, i18n.language) });
  return (
    <p role="status" data-testid="offline-line" className="text-sm text-slate-700">
      {text}
    </p>
  );
}
