// The Paiements tab's totals: per paid event and per camp week, the money expected (pending
// and paid), received (paid) and outstanding (pending), in CAD; and how many waiting-list offers
// hold places (registrations to come).
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../lib/format';
import type { PaymentsOverview, Totals } from './queries';
import { amountCell, stickyNameCell, Table } from './Table';

/** 'week3' → 3. */
const weekNumber = (label: string) => Number(/(\d+)$/.exec(label)?.[1] ?? 0);

export function TotalsTables({ overview }: { overview: PaymentsOverview }) {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  const money = [t('totals.expected'), t('totals.received'), t('totals.outstanding')];
  return (
    <section aria-labelledby="totals-title">
      <h3 id="totals-title" className="text-lg font-semibold">
        {t('totals.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-700" data-testid="live-offers">
        {t('totals.liveOffers', { count: overview.liveOffers })}
      </p>
      <div className="mt-2 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div>
          <h4 className="font-semibold text-brand-800">{t('totals.events')}</h4>
          {overview.events.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t('totals.emptyEvents')}</p>
          ) : (
            <Table caption={t('totals.eventsCaption')} headers={[t('totals.event'), ...money]} testId="event-totals" sticky={0}>
              {overview.events.map((e) => (
                <TotalsRow key={e.eventId} label={e.title} totals={e} />
              ))}
            </Table>
          )}
        </div>
        <div>
          <h4 className="font-semibold text-brand-800">{t('totals.campWeeks')}</h4>
          {overview.campWeeks.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t('totals.emptyWeeks')}</p>
          ) : (
            <Table caption={t('totals.campWeeksCaption')} headers={[t('totals.week'), ...money]} testId="week-totals" sticky={0}>
              {overview.campWeeks.map((w) => (
                <TotalsRow key={w.weekId} label={t('totals.weekLabel', { n: weekNumber(w.label) })} totals={w} />
              ))}
            </Table>
          )}
        </div>
      </div>
    </section>
  );
}

function TotalsRow({ label, totals }: { label: string; totals: Totals }) {
  const { i18n } = useTranslation('admin', { keyPrefix: 'payments' });
  const lang = i18n.language;
  return (
    <tr className="border-b border-slate-200">
      <th scope="row" className={stickyNameCell}>
        {label}
      </th>
      <td className={amountCell}>{formatPrice(totals.expected, lang)}</td>
      <td className={amountCell}>{formatPrice(totals.received, lang)}</td>
      <td className={`${amountCell} font-semibold`}>{formatPrice(totals.outstanding, lang)}</td>
    </tr>
  );
}
