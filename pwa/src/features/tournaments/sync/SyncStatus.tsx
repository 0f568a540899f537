// The admin's offline score sync on the page, one lazy chunk (visitors and members never load
// it; vite.config.ts knows it by its name): `SyncStarter`, mounted once at the app's root for a
// signed-in admin (ScoreSync.tsx, in App.tsx), starts the sync engine and asks the browser once
// to keep the site's storage (the outbox must not be evicted); `SyncStatus`, the header's badge,
// only shows the state: '3 scores en attente' while scores wait (live from IndexedDB, counting
// down as the server answers) and, after a 401, asks to sign in again: nothing is lost meanwhile.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { goToLogin } from '../../../components/signIn';
import { startSync } from './engine';
import { useSyncState } from '../../../sync/SyncLine';
import { useWaitingCount } from './useOutbox';

let persistAsked = false;

/** `navigator.storage.persist()` once per page load, when not granted yet. */
async function askPersistentStorage(): Promise<void> {
  if (persistAsked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  persistAsked = true;
  try {
    if (!(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Not granted: the outbox stays, only without the promise.
  }
}

/** Runs the sync engine while mounted (the app's one, at its root): shows nothing. */
export function SyncStarter() {
  const queryClient = useQueryClient();
  useEffect(() => startSync(queryClient), [queryClient]);
  useEffect(() => void askPersistentStorage(), []);
  return null;
}

/** The header's badge of waiting scores and the sign-in prompt after a 401: display only. */
export function SyncStatus() {
  const { t, i18n } = useTranslation('tournaments');
  const count = useWaitingCount();
  const state = useSyncState();
  return (
    <>
      <span role="status" className="contents">
        {count > 0 && (
          <Link
            to="/admin?tab=tournaments"
            data-testid="sync-badge"
            aria-label={t('sync.waitingLabel', { count })}
            className="inline-flex min-h-11 items-center rounded-full bg-amber-100 px-3 text-sm font-semibold text-amber-950 hover:bg-amber-200"
          >
            {t('sync.waiting', { count })}
          </Link>
        )}
      </span>
      {state === 'signedOut' && (
        <div role="alert" className="fixed bottom-4 left-4 right-4 z-50 mx-auto flex max-w-md flex-col gap-3 rounded-lg bg-slate-900 p-4 text-white shadow-lg">
          <p>{t('sync.signedOut')}</p>
          <button
            type="button"
            onClick={() => goToLogin(i18n.language)}
            className="min-h-11 self-start rounded bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100"
          >
            {t('sync.signIn')}
          </button>
        </div>
      )}
    </>
  );
}
