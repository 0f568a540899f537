// The Paiements tab's expired registrations (released for want of payment), most recent
// first, with 'Restaurer' (back to pending) and 'Payé en retard' (paid): both take the places
// back, so the server may refuse with 'places gone' (shown in the toast). Camp registrations
// are only reachable here once expired: their weeks were given back.
import { useTranslation } from 'react-i18next';
import { PaymentActions } from '../../components/PaymentActions';
import { formatDateTime } from '../../lib/format';
import { useChangePayment } from './mutations';
import type { ExpiredRegistration } from './queries';
import { RegistrationCells, RegistrationsTable } from './RegistrationsTable';
import { cell } from './Table';

export function ExpiredTable({ rows }: { rows: ExpiredRegistration[] }) {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  return (
    <section aria-labelledby="expired-title">
      <h3 id="expired-title" className="text-lg font-semibold">
        {t('expired.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('expired.intro')}</p>
      <RegistrationsTable
        count={rows.length}
        empty={t('expired.empty')}
        caption={t('expired.caption')}
        testId="expired-table"
        headers={[t('expired.releasedAt'), t('expired.actions')]}
      >
        {rows.map((r) => (
          <ExpiredRow key={`${r.kind}-${r.id}`} row={r} />
        ))}
      </RegistrationsTable>
    </section>
  );
}

function ExpiredRow({ row: r }: { row: ExpiredRegistration }) {
  const { i18n } = useTranslation('admin', { keyPrefix: 'payments' });
  const change = useChangePayment();
  return (
    <tr className="border-b border-slate-200" data-testid="expired-row">
      <RegistrationCells row={r} />
      <td className={`${cell} whitespace-nowrap`}>{formatDateTime(r.releasedAt, i18n.language)}</td>
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
