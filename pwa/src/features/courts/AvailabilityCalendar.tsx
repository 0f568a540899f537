// The month calendar of the reservation page: every day coloured by availability (one request
// per month), with the spec's legend. Days that cannot be booked (past, closed, out of season)
// are disabled; picking a day sets the page's date. Large cells, so they are easy to tap.
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format';
import { addMonths, monthLabel, weekdayIndex, weekdayNames } from './dates';
import { useMonthAvailability, type DayStatus } from './queries';

const dayClass: Record<DayStatus, string> = {
  available: 'border-green-700 bg-green-50 text-green-950 hover:bg-green-100',
  partial: 'border-amber-600 bg-amber-50 text-amber-950 hover:bg-amber-100',
  full: 'border-red-700 bg-red-50 text-red-950 hover:bg-red-100',
  closed: 'border-slate-200 bg-slate-50 text-slate-400',
};

/** A shape as well as a colour, so the legend does not rely on colour alone. */
const marker: Record<DayStatus, string> = { available: '●', partial: '◐', full: '○', closed: '' };

export interface AvailabilityCalendarProps {
  month: string;
  onMonthChange: (month: string) => void;
  /** The first month that can be shown (today's). */
  minMonth: string;
  /** One court, or null for every court together. */
  courtId: number | null;
  courtName: string | null;
  selected: string;
  onSelect: (date: string) => void;
}

export function AvailabilityCalendar({ month, onMonthChange, minMonth, courtId, courtName, selected, onSelect }: AvailabilityCalendarProps) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const days = useMonthAvailability(courtId, month);
  const lead = days.data?.[0] ? weekdayIndex(days.data[0].date) : 0;
  const names = weekdayNames(lang);
  return (
    <div className="rounded-xl border border-slate-200 p-2 sm:p-4" data-testid="availability-calendar">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={month <= minMonth}
          aria-label={t('calendar.previous')}
          className="h-11 w-11 rounded-full border border-slate-300 text-xl disabled:opacity-40"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h3 className="text-center font-semibold capitalize" aria-live="polite">
          {monthLabel(month, lang)}
          <span className="block text-sm font-normal normal-case text-slate-600">{courtName ?? t('calendar.allCourts')}</span>
        </h3>
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, 1))}
          aria-label={t('calendar.next')}
          className="h-11 w-11 rounded-full border border-slate-300 text-xl"
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {days.isLoading && (
        <p role="status" className="py-8 text-center text-slate-700">
          {t('calendar.loading')}
        </p>
      )}
      {days.isError && (
        <p role="alert" className="py-8 text-center text-red-800">
          {t('calendar.error')}
        </p>
      )}
      {days.data && (
        <div className="mt-3 grid grid-cols-7 gap-0.5 text-center sm:gap-1" role="group" aria-label={monthLabel(month, lang)}>
          {names.map((name) => (
            <abbr key={name.long} title={name.long} className="py-1 text-xs font-semibold uppercase text-slate-600 no-underline">
              {name.short}
            </abbr>
          ))}
          {Array.from({ length: lead }, (_, i) => (
            <span key={`lead-${i}`} aria-hidden="true" />
          ))}
          {days.data.map((day) => {
            const closed = day.status === 'closed';
            const isSelected = day.date === selected;
            const label = t('calendar.day', { date: formatDay(day.date, lang), status: t(`calendar.status.${day.status}`) });
            return (
              <button
                key={day.date}
                type="button"
                disabled={closed}
                aria-pressed={isSelected}
                aria-label={label}
                title={label}
                data-date={day.date}
                data-status={day.status}
                onClick={() => onSelect(day.date)}
                className={`flex min-h-11 flex-col items-center justify-center rounded-md border text-base sm:min-h-12 ${dayClass[day.status]} ${
                  isSelected ? 'ring-2 ring-brand-700 ring-offset-1 font-bold' : ''
                } disabled:cursor-not-allowed`}
              >
                <span>{Number(day.date.slice(8))}</span>
                <span aria-hidden="true" className="text-[0.6rem] leading-none">
                  {marker[day.status]}
                </span>
              </button>
            );
          })}
        </div>
      )}
      <div className="mt-4">
        <p className="text-sm font-semibold">{t('calendar.legend')}</p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {(['available', 'partial', 'full'] as const).map((status) => (
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
