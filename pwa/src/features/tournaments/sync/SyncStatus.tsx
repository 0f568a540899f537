// The header's badge of the phone's waiting scores (SiteHeader.tsx, for admins), its own lazy
// chunk (visitors and members never load it; vite.config.ts knows it by its name): display only,
// the app's root runs the sync (src/sync/SyncRoot.tsx). '3 scores en attente' while scores wait
// (live from IndexedDB, counting down as the server answers) and, after a 401, it asks to sign in
// again: nothing is lost meanwhile.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { goToLogin } from '../../../components/signIn';
import { useSyncState } from '../../../sync/SyncLine';
import { useWaitingCount } from './useOutbox';

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
