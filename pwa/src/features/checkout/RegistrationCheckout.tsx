// The states every /checkout of a registration goes through before its summary: the sign-in
// check (a visitor is asked to log in, and comes back here), loading, someone else's or a
// missing registration ('Inscription introuvable'), a failed load. Each kind of registration
// (day camp, event) gives its own query and summary.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { SignInRequired } from '../../components/SignInRequired';
import { useCurrentUser } from '../auth/session';

export function RegistrationCheckout<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('checkout');
  const { isSignedIn, isLoading: userLoading } = useCurrentUser();
  if (userLoading || (isSignedIn && query.isLoading)) {
    // A screen tall: the summary and the Interac steps that replace it are taller than a
    // phone's screen, so what follows (the contact card) is below the fold from the start.
    return (
      <p role="status" className="mt-8 min-h-[100svh] text-slate-700">
        {t('loading')}
      </p>
    );
  }
  if (!isSignedIn) return <SignInRequired variant="card" text={t('signedOut.text')} />;
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <section className="mt-8 rounded-xl border border-slate-200 p-6">
        <h2 className="text-xl font-semibold">{t('notFound.title')}</h2>
        <p className="mt-2 text-slate-700">{t('notFound.text')}</p>
        <Link to="/my-registrations" className="mt-4 inline-block font-semibold text-lake-600 underline">
          {t('notFound.link')}
        </Link>
      </section>
    );
  }
  if (query.data === undefined) {
    return (
      <p role="alert" className="mt-8 text-red-800">
        {t('loadError')}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}
