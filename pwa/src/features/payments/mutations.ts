// Payments: one mutation hook per action (see src/api/README.md). A payment changes the
// payments view, both kinds of registration lists (the console's and the member's) and, for a
// restore, the places left; each hook invalidates those and shows a translated toast (the
// server's message on failure when it sent one).
import { useTranslation } from 'react-i18next';
import type { QueryKey } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { PaymentStatus } from '../../api/types';
import { downloadExport } from '../../api/download';
import { useApiMutation } from '../../api/mutations';
import { paymentChangeToast, type PaymentTarget } from '../../components/PaymentActions';
import { dayCampKeys } from '../daycamps/queries';
import { eventKeys } from '../events/queries';
import { registrationKeys } from '../registrations/queries';
import { paymentKeys, type ReconcileLine, type RegistrationKind } from './queries';
import type { ConfirmItem } from './reconcile';

/** Everything a payment change shows up in: this view, the events' and camps' lists and
 * places (their keys' prefixes), the members' own registrations. */
const paymentLists: QueryKey[] = [
  paymentKeys.overview,
  eventKeys.admin,
  dayCampKeys.admin,
  eventKeys.all,
  dayCampKeys.weeks,
  registrationKeys.all,
];

/** Downloads the payments workbook (sheets 'Impayés' and 'Totaux'), built by the server. */
export function useExportPayments() {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  return useApiMutation<void, { fileName: string; rows: number }>({
    mutationFn: () => downloadExport('/api/admin/payments.xlsx', 'paiements.xlsx'),
    invalidates: [],
    success: ({ rows }) => ({ title: t('toast.exported'), description: t('toast.exportedRows', { count: rows }) }),
    failure: { title: t('toast.exportError'), description: t('toast.genericError') },
  });
}

/** Reads pasted notifications or a bank CSV and matches the transfers; stores nothing. */
export function useReconcile(options: { onSuccess: (lines: ReconcileLine[]) => void; onError: (error: unknown) => void }) {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  return useApiMutation<string, { lines: ReconcileLine[] }>({
    mutationFn: (text) => apiFetch('/api/admin/payments/reconcile', { method: 'POST', body: { text } }),
    invalidates: [],
    failure: { title: t('reconcile.readError'), description: t('reconcile.unreadable') },
    onSuccess: ({ lines }) => options.onSuccess(lines),
    onError: options.onError,
  });
}

/** Marks the checked registrations paid with their transfers, all or nothing. */
export function useConfirmPayments(options: { onSuccess: () => void }) {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  return useApiMutation<ConfirmItem[], { confirmed: number }>({
    mutationFn: (items) => apiFetch('/api/admin/payments/confirm', { method: 'POST', body: { items } }),
    invalidates: paymentLists,
    success: ({ confirmed }) => ({ title: t('toast.confirmed', { count: confirmed }) }),
    failure: { title: t('toast.confirmError'), description: t('toast.genericError') },
    onSuccess: options.onSuccess,
  });
}

const paymentPath: Record<RegistrationKind, string> = {
  event: '/api/admin/event-registrations',
  camp: '/api/admin/day-camp-registrations',
};

/** A registration of the payments view changes state (an expired one restored or paid late). */
export function useChangePayment() {
  const { t } = useTranslation('admin');
  return useApiMutation<{ kind: RegistrationKind; id: number; from: PaymentStatus; to: PaymentTarget }, unknown>({
    mutationFn: ({ kind, id, to }) => apiFetch(`${paymentPath[kind]}/${id}/payment`, { method: 'PUT', body: { paymentStatus: to } }),
    invalidates: paymentLists,
    success: (_, { from, to }) => ({ title: t(paymentChangeToast(from, to)) }),
    failure: { title: t('payments.toast.statusError'), description: t('payments.toast.genericError') },
  });
}

export type DeadlineTarget = { kind: 'event'; id: number } | { kind: 'program'; id: string };

/** Sets (or, both null, removes) the payment deadline of an event or a camp program. */
export function useSetPaymentDeadline(options: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  return useApiMutation<{ target: DeadlineTarget; days: number | null; date: string | null }, void>({
    mutationFn: ({ target, days, date }) => {
      const path =
        target.kind === 'event'
          ? `/api/admin/events/${target.id}/payment-deadline`
          : `/api/admin/day-camp-programs/${encodeURIComponent(target.id)}/payment-deadline`;
      return apiFetch<void>(path, { method: 'PUT', body: { days, date } });
    },
    invalidates: [paymentKeys.overview],
    success: (_, { days, date }) => ({ title: days === null && date === null ? t('toast.deadlineRemoved') : t('toast.deadlineSaved') }),
    failure: { title: t('toast.deadlineError'), description: t('toast.genericError') },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
