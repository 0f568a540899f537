// Small pieces every court view shares: the status badge (the payment badge is the shared
// components/PaymentBadge), the booking's length and the cancel button (the browser's
// confirmation, then the action's mutation).
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { formatLongDate, formatTime } from '../../lib/format';
import { minutesBetween } from '../../lib/dates';
import type { useCancelBooking } from './mutations';
import type { RegistrationStatus } from '../../api/types';
import type { CourtBooking } from './queries';

const statusClass: Record<RegistrationStatus, string> = {
  confirmed: 'bg-brand-700 text-white',
  pending: 'bg-amber-100 text-amber-950',
  cancelled: 'bg-slate-200 text-slate-800 line-through decoration-1',
};

export function StatusBadge({ status }: { status: RegistrationStatus }) {
  const { t } = useTranslation('courts');
  return (
    <span data-testid="booking-status" className={`rounded px-2 py-0.5 text-sm font-semibold ${statusClass[status] ?? statusClass.pending}`}>
      {t(`status.${status}`)}
    </span>
  );
}

/** 'Durée: 1 heure' from the booking's own length (the slot length when it was made). */
export function durationText(t: (key: string, options: { count: number }) => string, start: string, end: string): string {
  const minutes = minutesBetween(start, end);
  return minutes % 60 === 0 ? t('duration.hours', { count: minutes / 60 }) : t('duration.minutes', { count: minutes });
}

/** 'Annuler' after 'Êtes-vous sûr de vouloir annuler cette réservation ?'; `cancel` is the
 * caller's mutation (the member's or the admin's). */
export function CancelBookingButton({ booking, cancel }: { booking: CourtBooking; cancel: ReturnType<typeof useCancelBooking> }) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  return (
    <Button
      variant="danger"
      className="mt-3"
      onClick={() => {
        if (window.confirm(t('confirmCancel'))) cancel.mutate(booking.id);
      }}
      disabled={cancel.isPending}
      aria-label={t('cancelBooking', { date: formatLongDate(booking.startTime, lang), time: formatTime(booking.startTime) })}
    >
      {cancel.isPending ? t('cancelling') : t('cancel')}
    </Button>
  );
}
