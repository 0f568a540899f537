// The published privacy page (/confidentialite), for everyone: what the centre holds, why, for
// how long, the member's rights, and the person in charge of protecting personal information
// with how to reach them (s. 3.1 of Quebec's private-sector Act, as amended by Loi 25).
// The person in charge and the retention periods come from /api/privacy: while it loads, each
// part holds skeletons of the size of what replaces them, so the parts below do not move.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../components/QueryStatus';
import { Skeleton } from '../../components/Skeleton';
import { usePageMeta } from '../../components/usePageMeta';
import { usePrivacyOfficer } from './queries';

const HELD = ['account', 'registrations', 'children', 'bookings', 'payments'] as const;
/** The retention sentences, by the periods the centre chose (the console's retention panel). */
const keptKeys = (healthMonths: number, recordsYears: number) =>
  [['page.kept.health', { count: healthMonths }], ['page.kept.accounts', { count: recordsYears }], 'page.kept.account'] as const;
/** What the periods usually are: the loading sentences wrap as the real ones will. */
const USUAL = { healthMonths: 12, recordsYears: 6 };

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

/** A list of the page's sentences, by key, each with its values (a count for plurals);
 *  `skeleton` draws them in grey, laid out as they will be. */
function Points({ keys, skeleton = false }: { keys: readonly (string | readonly [string, { count: number }])[]; skeleton?: boolean }) {
  const { t } = useTranslation('privacy');
  return (
    <ul className="mt-2 list-disc space-y-1 pl-6">
      {keys.map((item) => {
        const [key, values] = typeof item === 'string' ? [item, {}] : item;
        return <li key={key}>{skeleton ? <Skeleton>{t(key, values)}</Skeleton> : t(key, values)}</li>;
      })}
    </ul>
  );
}

/** The address's four lines (name, title, e-mail, telephone) in grey: 24 px each, as a line of
 *  text (padding and gaps, which do not collapse as margins would). */
function AddressSkeleton() {
  return (
    <div className="mt-2 space-y-2 py-1">
      {['w-48', 'w-56', 'w-64', 'w-36'].map((width) => (
        <Skeleton key={width} className={`h-4 max-w-full ${width}`} />
      ))}
    </div>
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
        <QueryStatus query={officer} error={t('errors.load')} isEmpty={() => false} loading={<AddressSkeleton />}>
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
        <QueryStatus
          query={officer}
          error={t('errors.load')}
          isEmpty={() => false}
          loading={<Points keys={keptKeys(USUAL.healthMonths, USUAL.recordsYears)} skeleton />}
        >
          {(o) => <Points keys={keptKeys(o.healthMonths, o.recordsYears)} />}
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
