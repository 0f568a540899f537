// The month calendar of the reservation page: every day coloured by availability (one request per
// month), with its legend (available, partly booked, full, closed). Days that cannot be booked
// (past, closed, out of season) are closed and disabled; picking a day sets the page's date. Out of
// season a line says when the season opens. Large cells, so they are easy to tap.
import { useTranslation } from 'react-i18next';
import { addMonths, monthLabel } from '../../lib/dates';
import { dayClass, marker } from './dayStyles';
import { MonthGrid } from './MonthGrid';
import { useMonthAvailability } from './queries';

interface AvailabilityCalendarProps {
  month: string;
  /** False while the month to open on is not known yet: grey cells, no request. */
  ready: boolean;
  onMonthChange: (month: string) => void;
  /** The first month that can be shown (today's). */
  minMonth: string;
  /** One court, or null for every court together. */
  courtId: number | null;
  courtName: string | null;
  /** A line under the month's name ('La saison ouvre le 15 mai'), or null. */
  note: string | null;
  selected: string;
  onSelect: (date: string) => void;
}

export function AvailabilityCalendar({ month, ready, onMonthChange, minMonth, courtId, courtName, note, selected, onSelect }: AvailabilityCalendarProps) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const days = useMonthAvailability(courtId, month, ready);
  return (
    <div className="rounded-xl border border-slate-200 p-2 sm:p-4" data-testid="availability-calendar">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={!ready || month <= minMonth}
          aria-label={t('calendar.previous')}
          className="h-11 w-11 rounded-full border border-slate-300 text-xl disabled:opacity-40"
        >
          <span aria-hidden="true">‹</span>
        </button>
        {/* As wide whatever the month's name, so nothing beside it moves. */}
        <h3 className="flex-1 text-center font-semibold capitalize" aria-live="polite">
          <span className={ready ? '' : 'invisible'}>{monthLabel(month, lang)}</span>
          <span className="block text-sm font-normal normal-case text-slate-600">{courtName ?? t('calendar.allCourts')}</span>
        </h3>
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, 1))}
          disabled={!ready}
          aria-label={t('calendar.next')}
          className="h-11 w-11 rounded-full border border-slate-300 text-xl disabled:opacity-40"
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {/* Its line is kept in season too, so the calendar is as tall before the courts load. */}
      <p className="mt-2 min-h-6 text-center font-medium text-brand-800">{note}</p>
      {days.isError ? (
        <p role="alert" className="py-8 text-center text-red-800">
          {t('calendar.error')}
        </p>
      ) : (
        <MonthGrid month={ready ? month : null} days={days.data} selected={selected} onSelect={onSelect} />
      )}
      <div className="mt-4">
        <p className="text-sm font-semibold">{t('calendar.legend')}</p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {(['available', 'partial', 'full', 'closed'] as const).map((status) => (
            <li key={status} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-flex h-5 w-5 items-center justify-center rounded border text-[0.6rem] ${dayClass[status]}`}>
                {marker[status]}
              </span>
              <span>{t(`calendar.status.${status}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
