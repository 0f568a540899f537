// The court bookings card of /my-registrations: court name (default 'Terrain
// de volleyball'), status badge, date, start-end time, creation date, payment badge ('Gratuit': court use is free), notes; the
// member's cancel button on future confirmed bookings; empty state links to
// /reservations.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../components/ListCard';
import { PaymentBadge } from '../../components/PaymentBadge';
import { COURT_BOOKING_AMOUNT_DUE } from '../../components/paymentState';
import { formatDate, formatLongDate, formatTime } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { CancelBookingButton, StatusBadge } from './BookingBadges';
import { bookingCourt, useCourtName } from './courtName';
import { useCancelMyBooking } from './mutations';
import { useMyCourtBookings, type CourtBooking } from './queries';

export function MyCourtBookingsCard() {
  const { t } = useTranslation('courts');
  const { isSignedIn } = useCurrentUser();
  const bookings = useMyCourtBookings(isSignedIn);
  // When the page opened: a booking that starts later can still be cancelled.
  const [openedAt] = useState(() => Date.now());
  return (
    <ListCard
      id="my-court-bookings"
      title={t('mine.title')}
      query={bookings}
      error={t('mine.loadError')}
      empty={{ text: t('mine.empty'), action: t('mine.book'), to: '/reservations' }}
    >
      {(list) => (
        <ul className="mt-4 space-y-4">
          {list.map((booking) => (
            <BookingItem key={booking.id} booking={booking} upcoming={new Date(booking.startTime).getTime() > openedAt} />
          ))}
        </ul>
      )}
    </ListCard>
  );
}

function BookingItem({ booking: b, upcoming }: { booking: CourtBooking; upcoming: boolean }) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const cancel = useCancelMyBooking();
  const courtName = useCourtName();
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="my-court-booking">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-lg font-semibold">{courtName(bookingCourt(b))}</p>
          <p className="text-slate-800">
            {t('mine.when', { date: formatLongDate(b.startTime, lang), start: formatTime(b.startTime), end: formatTime(b.endTime) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={b.status} />
          <PaymentBadge status={b.paymentStatus} amountDue={COURT_BOOKING_AMOUNT_DUE} size="md" />
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t('mine.createdOn', { date: formatDate(b.createdAt, lang) })}</p>
      {b.notes && <p className="mt-1 text-sm">{t('mine.notes', { notes: b.notes })}</p>}
      {b.status === 'confirmed' && upcoming && (
        <CancelBookingButton booking={b} cancel={cancel} />
      )}
    </li>
  );
}
