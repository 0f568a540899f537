// The confirmation once a court is booked: what was booked, then 'make another reservation' or
// the member's registrations.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/Button';
import { formatDay, formatTime } from '../../../lib/format';
import { bookingCourt, useCourtName } from '../courtName';
import type { CourtBooking } from '../queries';
import { DEFAULT_PLAYERS } from './contact';

export function BookingSummary({ booking, date, onAnother }: { booking: CourtBooking; date: string; onAnother: () => void }) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const courtName = useCourtName();
  const rows: [string, string][] = [
    [t('summary.date'), formatDay(date, lang)],
    [t('summary.time'), t('summary.timeRange', { start: formatTime(booking.startTime), end: formatTime(booking.endTime) })],
    [t('summary.court'), courtName(bookingCourt(booking))],
    [t('summary.name'), `${booking.firstName} ${booking.lastName}`],
    [t('summary.players'), String(booking.players ?? Number(DEFAULT_PLAYERS))],
  ];
  return (
    <section aria-labelledby="booking-summary" className="rounded-xl border-2 border-brand-700 bg-brand-50 p-6" data-testid="booking-summary">
      <h2 id="booking-summary" className="text-2xl font-bold text-brand-800">
        {t('summary.title')}
      </h2>
      <p className="mt-2 text-slate-800">{t('summary.text')}</p>
      <dl className="mt-4 grid grid-cols-[auto,1fr] gap-x-6 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="primary" className="min-h-12" onClick={onAnother}>
          {t('summary.another')}
        </Button>
        <Link to="/my-registrations" className={buttonClass('secondary', 'md', 'min-h-12')}>
          {t('summary.mine')}
        </Link>
      </div>
    </section>
  );
}
