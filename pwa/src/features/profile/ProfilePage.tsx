// The profile page (the user menu's first item): name, e-mail, member since, and sign-out.
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/Button';
import { SignInRequired } from '../../components/SignInRequired';
import { usePageMeta } from '../../components/usePageMeta';
import { LOGOUT_PATH } from '../../components/SiteHeader';
import { formatLongDate } from '../../lib/format';
import { useCurrentUser } from '../auth/session';

export function ProfilePage() {
  const { t, i18n } = useTranslation('auth');
  const { user, isLoading } = useCurrentUser();
  usePageMeta(t('profile.title'));
  if (isLoading) return null;
  if (!user) return <SignInRequired title={t('profile.title')} text={t('profile.signedOut')} returnTo="/profile" />;
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
          <dd className="col-span-2 break-all">
            {user.email ?? t('profile.noEmail')}
            {user.email && !user.emailVerified && <p className="mt-1 text-sm text-slate-700">{t('profile.unverified')}</p>}
          </dd>
        </div>
        <div className="grid grid-cols-3 gap-4 px-4 py-3">
          <dt className="font-semibold text-slate-700">{t('profile.memberSince')}</dt>
          <dd className="col-span-2">{formatLongDate(user.createdAt, i18n.language)}</dd>
        </div>
      </dl>
      {/* A full page navigation: the server ends the session. */}
      <a
        href={LOGOUT_PATH}
        className={buttonClass('secondary', 'md', 'mt-8')}
      >
        {t('profile.logout')}
      </a>
    </section>
  );
}
