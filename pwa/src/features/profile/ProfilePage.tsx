// The profile page (the user menu's first item): name, e-mail, member since, and sign-out.
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../components/usePageMeta';
import { LOGOUT_PATH } from '../../components/SiteHeader';
import { formatLongDate } from '../../lib/format';
import { loginHref, useCurrentUser } from '../auth/queries';

export function ProfilePage() {
  const { t, i18n } = useTranslation('auth');
  const { user, isLoading } = useCurrentUser();
  usePageMeta(t('profile.title'));
  if (isLoading) return null;
  if (!user) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-3xl font-bold">{t('profile.title')}</h1>
        <p className="mt-4 text-slate-700">{t('profile.signedOut')}</p>
        <a href={loginHref('/profile', i18n.language)} className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white">
          {t('profile.login')}
        </a>
      </section>
    );
  }
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ');
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <div className="flex items-center gap-4">
        {user.profileImageUrl && (
          <img src={user.profileImageUrl} alt="" width={64} height={64} className="h-16 w-16 rounded-full object-cover" referrerPolicy="no-referrer" />
        )}
        <h1 className="text-3xl font-bold">{t('profile.title')}</h1>
      </div>
      <dl className="mt-8 divide-y divide-slate-200 rounded-lg border border-slate-200">
        <div className="grid grid-cols-3 gap-4 px-4 py-3">
          <dt className="font-semibold text-slate-700">{t('profile.name')}</dt>
          <dd className="col-span-2">{name || t('profile.noName')}</dd>
        </div>
        <div className="grid grid-cols-3 gap-4 px-4 py-3">
          <dt className="font-semibold text-slate-700">{t('profile.email')}</dt>
          <dd className="col-span-2 break-all">{user.email}</dd>
        </div>
        <div className="grid grid-cols-3 gap-4 px-4 py-3">
          <dt className="font-semibold text-slate-700">{t('profile.memberSince')}</dt>
          <dd className="col-span-2">{formatLongDate(user.createdAt, i18n.language)}</dd>
        </div>
      </dl>
      {/* A full page navigation: the server ends the session. */}
      <a
        href={LOGOUT_PATH}
        className="mt-8 inline-block rounded border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
      >
        {t('profile.logout')}
      </a>
    </section>
  );
}
