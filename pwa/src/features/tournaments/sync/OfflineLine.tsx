// The Tournois tab's one line of where it stands for a day at the courts: 'Prêt hors ligne · à
// jour à 14:02' once everything the tab needs is kept on this phone (its reads in IndexedDB,
// the app's files with the service worker), 'Hors ligne · 3 scores en attente' with no network,
// and 'Synchronisation…' while scores leave or the tab is still being kept. The tab's reads are
// kept at once when it shows (api/offline.ts keepOfflineNow), not once the page has settled:
// a scorekeeper may lose the network a second later.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { keepOfflineNow } from '../../../api/offline';
import { formatClock } from '../../../lib/format';
import { useSyncState, useWaitingCount } from './useOutbox';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/** The browser says it has a network. */
function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
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

/**
 * `loaded`: every read of the tab has answered; `updatedAt`: when the newest of them came from
 * the server (ms since the epoch).
 */
export function OfflineLine({ loaded, updatedAt }: { loaded: boolean; updatedAt: number }) {
  const { t, i18n } = useTranslation('tournaments');
  const online = useOnline();
  const waiting = useWaitingCount();
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
  if (!online) text = t('sync.line.offline', { count: waiting });
  else if (waiting > 0 || sync === 'syncing' || sync === 'retrying' || !worker || keptAt !== updatedAt) text = t('sync.line.syncing');
  else text = t('sync.line.ready', { time: formatClock(updatedAt, i18n.language) });
  return (
    <p role="status" data-testid="offline-line" className="text-sm text-slate-700">
      {text}
    </p>
  );
}
