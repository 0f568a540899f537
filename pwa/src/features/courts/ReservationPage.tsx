// /reservations, the court reservation page: the booking
// flow (reservation/BookingFlow: date and month calendar, court, the day's slots, the contact
// form) beside the side panels, then the summary once booked.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../components/usePageMeta';
import { useCurrentUser } from '../auth/session';
import type { CourtBooking } from './queries';
import { BookingFlow } from './reservation/BookingFlow';
import { BookingSummary } from './reservation/BookingSummary';
import { SidePanels } from './reservation/SidePanels';

export function ReservationPage() {
  const { t } = useTranslation('courts');
  usePageMeta(t('meta.title'), t('meta.description'));
  const { user } = useCurrentUser();
  const [booked, setBooked] = useState<{ booking: CourtBooking; date: string } | null>(null);
  // A new key after "make another reservation" starts the whole flow from scratch.
  const [round, setRound] = useState(0);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('page.title')}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t('page.subtitle')}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {booked ? (
            <BookingSummary
              booking={booked.booking}
              date={booked.date}
              onAnother={() => {
                setBooked(null);
                setRound((n) => n + 1);
              }}
            />
          ) : (
            <BookingFlow key={`${round}-${user?.id ?? 'visitor'}`} user={user} onBooked={(booking, date) => setBooked({ booking, date })} />
          )}
        </div>
        <SidePanels />
      </div>
    </div>
  );
}
