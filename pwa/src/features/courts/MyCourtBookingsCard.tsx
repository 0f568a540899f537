// The court bookings card of /my-registrations (spec section 2): court name (default 'Terrain
// de volleyball'), status badge, date, start-end time, creation date, payment badge, notes; the
// member's cancel button on future confirmed bookings (beyond the spec); empty state links to
// /reservations.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PaymentBadge } from '../../components/PaymentBadge';
import { formatDate, formatLongDate, formatTime } from '../../lib/format';
import { useCurrentUser } from '../auth/queries';
import { CancelBookingButton, StatusBadge } from './BookingBadges';
import { useCancelMyBooking } from './mutations';
import { useMyCourtBookings, type CourtBooking } from './queries';

export function MyCourtBookingsCard() {
  const { t } = useTranslation('courts');
  const { isSignedIn } = useCurrentUser();
  const bookings = useMyCourtBookings(isSignedIn);
  // When the page opened: a booking that starts later can still be cancelled.
  const [openedAt] = useState(() => Date.now());
  return (
    <section aria-labelledby="my-court-bookings" className="rounded-xl border border-slate-200 p-6 shadow-sm">
      <h2 id="my-court-bookings" className="text-xl font-semibold">
        {t('mine.title')}
      </h2>
      {bookings.isLoading && (
        <p role="status" className="mt-4 text-slate-700">
          {t('loading')}
        </p>
      )}
      {bookings.isError && (
        <p role="alert" className="mt-4 text-red-800">
          {t('mine.loadError')}
        </p>
      )}
      {bookings.data && bookings.data.length === 0 && (
        <div className="mt-4 text-slate-700">
          <p>{t('mine.empty')}</p>
          <Link to="/reservations" className="mt-3 inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            {t('mine.book')}
          </Link>
        </div>
      )}
      {bookings.data && bookings.data.length > 0 && (
        <ul className="mt-4 space-y-4">
          {bookings.data.map((booking) => (
            <BookingItem key={booking.id} booking={booking} upcoming={new Date(booking.startTime).getTime() > openedAt} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingItem({ booking: b, upcoming }: { booking: CourtBooking; upcoming: boolean }) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const cancel = useCancelMyBooking();
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="my-court-booking">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-lg font-semibold">{b.courtName.trim() || t('court.defaultName')}</p>
          <p className="text-slate-800">
            {t('mine.when', { date: formatLongDate(b.startTime, lang), start: formatTime(b.startTime), end: formatTime(b.endTime) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={b.status} />
          <PaymentBadge status={b.paymentStatus} size="md" />
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t('mine.createdOn', { date: formatDate(b.createdAt, lang) })}</p>
      {b.notes && <p className="mt-1 text-sm">{t('mine.notes', { notes: b.notes })}</p>}
      {b.status === 'confirmed' && upcoming && (
        <CancelBookingButton booking={b} cancel={cancel} className="border border-red-700 text-red-800 hover:bg-red-50" />
      )}
    </li>
  );
}
