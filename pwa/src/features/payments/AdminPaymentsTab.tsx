// The console's Paiements tab (admins only, the server checks again): the unpaid
// registrations, the expired ones to restore or mark paid late, the totals per event and per
// camp week, the workbook export, the payment deadline dialog, and the reconciliation of the
// Interac transfers received. The view's place is kept while it loads, and the reconciliation
// comes under the tables once they are drawn: below a loading block it would be pushed down, in
// view on a phone, when they arrive (no layout shift).
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { QueryStatus } from '../../components/QueryStatus';
import { DeadlineDialog } from './DeadlineDialog';
import { ExpiredTable } from './ExpiredTable';
import { useExportPayments } from './mutations';
import { usePayments } from './queries';
import { ReconcilePanel } from './ReconcilePanel';
import { TotalsTables } from './TotalsTables';
import { UnpaidTable } from './UnpaidTable';

export function AdminPaymentsTab() {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  const payments = usePayments();
  const exporter = useExportPayments();
  const [deadlineOpen, setDeadlineOpen] = useState(false);
  // The tables are drawn as a deferred value (QueryStatus's `deferred`): so is this.
  const drawn = useDeferredValue(payments.data) !== undefined || payments.isError;
  return (
    <section aria-labelledby="payments-title" className="space-y-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id="payments-title" className="text-2xl font-bold">
            {t('title')}
          </h2>
          <p className="mt-1 text-slate-700">{t('intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => setDeadlineOpen(true)}
          >
            {t('deadline.open')}
          </Button>
          <Button
            variant="primary"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate()}
          >
            {exporter.isPending ? t('exporting') : t('export')}
          </Button>
        </div>
      </div>
      <div className="min-h-64 space-y-10" aria-busy={payments.isLoading}>
        <QueryStatus query={payments} error={t('loadError')} deferred>
          {(data) => (
            <>
              <UnpaidTable rows={data.unpaid} />
              <ExpiredTable rows={data.expired ?? []} />
              <TotalsTables overview={data} />
            </>
          )}
        </QueryStatus>
      </div>
      {drawn && <ReconcilePanel />}
      <DeadlineDialog open={deadlineOpen} onClose={() => setDeadlineOpen(false)} />
    </section>
  );
}
