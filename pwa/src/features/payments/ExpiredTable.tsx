// The Paiements tab's expired registrations (released for want of payment), most recent
// first, with 'Restaurer' (back to pending) and 'Payé en retard' (paid): both take the places
// back, so the server may refuse with 'places gone' (shown in the toast). Camp registrations
// are only reachable here once expired: their weeks were given back.
import { useTranslation } from 'react-i18next';
import { PaymentActions } from '../../components/PaymentActions';
import { formatDateTime, formatPrice } from '../../lib/format';
import { useChangePayment } from './mutations';
import type { ExpiredRegistration } from './queries';
import { amountCell, cell, Table } from './Table';
import { useRegistrationTitle } from './useRegistrationTitle';

export function ExpiredTable({ rows }: { rows: ExpiredRegistration[] }) {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  return (
    <section aria-labelledby="expired-title">
      <h3 id="expired-title" className="text-lg font-semibold">
        {t('expired.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('expired.intro')}</p>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{t('expired.empty')}</p>
      ) : (
        <Table
          caption={t('expired.caption')}
          testId="expired-table"
          headers={[
            t('unpaid.type'),
            t('unpaid.name'),
            t('unpaid.for'),
            t('unpaid.reference'),
            t('unpaid.amount'),
            t('expired.releasedAt'),
            t('expired.actions'),
          ]}
        >
          {rows.map((r) => (
            <ExpiredRow key={`${r.kind}-${r.id}`} row={r} />
          ))}
        </Table>
      )}
    </section>
  );
}

function ExpiredRow({ row: r }: { row: ExpiredRegistration }) {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'payments' });
  const lang = i18n.language;
  const titleOf = useRegistrationTitle();
  const change = useChangePayment();
  return (
    <tr className="border-b border-slate-200" data-testid="expired-row">
      <td className={cell}>{t(`kind.${r.kind}`)}</td>
      <th scope="row" className={`${cell} font-semibold`}>
        {r.name}
      </th>
      <td className={cell}>{titleOf(r.kind, r.title)}</td>
      <td className={`${cell} font-mono whitespace-nowrap`}>{r.reference}</td>
      <td className={amountCell}>{formatPrice(r.amountDue, lang)}</td>
      <td className={`${cell} whitespace-nowrap`}>{formatDateTime(r.releasedAt, lang)}</td>
      <td className={cell}>
        <div className="flex flex-wrap gap-2">
          <PaymentActions
            status="expired"
            name={r.name}
            busy={change.isPending}
            onChange={(to) => change.mutate({ kind: r.kind, id: r.id, from: 'expired', to })}
          />
        </div>
      </td>
    </tr>
  );
}
