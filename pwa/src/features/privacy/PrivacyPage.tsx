// The published privacy page (/confidentialite), for everyone: what the centre holds, why, for
// how long, the member's rights, and the person in charge of protecting personal information
// with how to reach them (s. 3.1 of Quebec's private-sector Act, as amended by Loi 25).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../components/QueryStatus';
import { usePageMeta } from '../../components/usePageMeta';
import { usePrivacyOfficer } from './queries';

const HELD = ['account', 'registrations', 'children', 'bookings', 'payments'] as const;

/** A titled part of the page. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list of the page's sentences, by key, each with its values (a count for plurals). */
function Points({ keys }: { keys: readonly (string | [string, { count: number }])[] }) {
  const { t } = useTranslation('privacy');
  return (
    <ul className="mt-2 list-disc space-y-1 pl-6">
      {keys.map((item) => {
        const [key, values] = typeof item === 'string' ? [item, {}] : item;
        return <li key={key}>{t(key, values)}</li>;
      })}
    </ul>
  );
}

export function PrivacyPage() {
  const { t } = useTranslation('privacy');
  const officer = usePrivacyOfficer();
  usePageMeta(t('page.title'));
  return (
    <article className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <h1 className="text-3xl font-bold">{t('page.title')}</h1>
      <p className="text-slate-700">{t('page.intro')}</p>
      <section aria-labelledby="privacy-officer" className="rounded-lg border border-brand-700 bg-brand-50 p-4">
        <h2 id="privacy-officer" className="text-xl font-semibold">
          {t('page.officer.title')}
        </h2>
        <QueryStatus query={officer} error={t('errors.load')} isEmpty={() => false}>
          {(o) => (
            <address className="mt-2 not-italic" data-testid="privacy-officer">
              <p className="font-semibold">{o.name}</p>
              <p>{o.title}</p>
              <p>
                <a className="underline" href={`mailto:${o.email}`}>
                  {o.email}
                </a>
              </p>
              <p>
                <a className="underline" href={`tel:${o.phone.replace(/[^\d+]/g, '')}`}>
                  {o.phone}
                </a>
              </p>
            </address>
          )}
        </QueryStatus>
        <p className="mt-2 text-sm text-slate-700">{t('page.officer.how')}</p>
      </section>
      <Part id="privacy-held" title={t('page.held.title')}>
        <Points keys={HELD.map((item) => `page.held.${item}`)} />
      </Part>
      <Part id="privacy-why" title={t('page.why.title')}>
        <p className="mt-2">{t('page.why.text')}</p>
      </Part>
      <Part id="privacy-kept" title={t('page.kept.title')}>
        {/* The periods are the ones the centre chose (the console's retention panel). */}
        <QueryStatus query={officer} error={t('errors.load')} isEmpty={() => false}>
          {(o) => (
            <Points
              keys={[
                ['page.kept.health', { count: o.healthMonths }],
                ['page.kept.accounts', { count: o.recordsYears }],
                'page.kept.account',
              ]}
            />
          )}
        </QueryStatus>
      </Part>
      <Part id="privacy-rights" title={t('page.rights.title')}>
        <p className="mt-2">{t('page.rights.text')}</p>
        <p className="mt-2">
          <Link to="/mes-donnees" className="font-semibold text-brand-800 underline">
            {t('page.rights.link')}
          </Link>
        </p>
      </Part>
    </article>
  );
}
