// Small pieces every court view shares: the status and payment badges and the booking's length.
import { useTranslation } from 'react-i18next';
import { minutesBetween } from './dates';
import type { BookingStatus, PaymentStatus } from './queries';

const statusClass: Record<BookingStatus, string> = {
  confirmed: 'bg-brand-700 text-white',
  pending: 'bg-amber-100 text-amber-950',
  cancelled: 'bg-slate-200 text-slate-800 line-through decoration-1',
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('courts');
  return (
    <span data-testid="booking-status" className={`rounded px-2 py-0.5 text-sm font-semibold ${statusClass[status] ?? statusClass.pending}`}>
      {t(`status.${status}`)}
    </span>
  );
}

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('courts');
  const paid = status === 'paid';
  return (
    <span className={`rounded px-2 py-0.5 text-sm font-semibold ${paid ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-950'}`}>
      {t(paid ? 'payment.paid' : 'payment.pending')}
    </span>
  );
}

/** 'Durée: 1 heure' from the booking's own length (the slot length when it was made). */
export function durationText(t: (key: string, options: { count: number }) => string, start: string, end: string): string {
  const minutes = minutesBetween(start, end);
  return minutes % 60 === 0 ? t('duration.hours', { count: minutes / 60 }) : t('duration.minutes', { count: minutes });
}
