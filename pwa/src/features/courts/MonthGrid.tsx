// The calendar's grid: the weekday names, then a button per day of the month coloured by its
// availability. While the month's availability loads, a grey cell stands in for each day (the
// month's own number of weeks, known before the data), so the legend and the page below keep
// their place.
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/Skeleton';
import { daysInMonth, monthLabel, weekdayIndex, weekdayNames } from '../../lib/dates';
import { formatDay } from '../../lib/format';
import { dayClass, marker } from './dayStyles';
import type { DayAvailability } from './queries';

const CELL = 'min-h-11 rounded-md sm:min-h-12';

interface MonthGridProps {
  month: string;
  /** The month's days; undefined while they load. */
  days: DayAvailability[] | undefined;
  selected: string;
  onSelect: (date: string) => void;
}

export function MonthGrid({ month, days, selected, onSelect }: MonthGridProps) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const lead = weekdayIndex(days?.[0]?.date ?? `${month}-01`);
  return (
    <div className="mt-3 grid grid-cols-7 gap-0.5 text-center sm:gap-1" role="group" aria-label={monthLabel(month, lang)} aria-busy={!days}>
      {weekdayNames(lang).map((name) => (
        <abbr key={name.long} title={name.long} className="py-1 text-xs font-semibold uppercase text-slate-600 no-underline">
          {name.short}
        </abbr>
      ))}
      {Array.from({ length: lead }, (_, i) => (
        <span key={`lead-${i}`} aria-hidden="true" />
      ))}
      {!days && (
        <>
          <span role="status" className="sr-only">
            {t('calendar.loading')}
          </span>
          {Array.from({ length: daysInMonth(month) }, (_, i) => (
            <Skeleton key={i} className={CELL} />
          ))}
        </>
      )}
      {days?.map((day) => {
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
            className={`flex ${CELL} flex-col items-center justify-center border text-base ${dayClass[day.status]} ${
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
  );
}
