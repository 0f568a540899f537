import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/session';
import { lazyWithQueries } from '../../lib/lazyWithQueries';
import { likelySignedIn } from '../../lib/pageHints';
import { LandingPage } from '../landing/LandingPage';

// The member home is its own chunk: visitors, the landing page's audience, never load it.
const MemberHome = lazyWithQueries(() => import('./MemberHome').then((m) => m.MemberHome));

/** `/` and `/home`: the member home when signed in, the landing page for visitors. While the
 *  status loads: the member home's skeleton for a likely member, the landing page otherwise. */
export function HomeRoute() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return likelySignedIn() ? <HomeSkeleton /> : <LandingPage />;
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<HomeSkeleton />}>
      <MemberHome user={user} />
    </Suspense>
  );
}

/** Uses the bundled `common` texts only: it is the fallback while the `home` texts load. */
export function HomeSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="mx-auto max-w-6xl px-4 py-10">
      <span className="sr-only">{t('loading')}</span>
      <div aria-hidden="true" className="animate-pulse space-y-6">
        <div className="h-10 w-2/3 rounded bg-slate-200" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((n) => (
            <div key={n} className="h-28 rounded-xl bg-slate-200" />
          ))}
        </div>
        <div className="h-64 rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}
