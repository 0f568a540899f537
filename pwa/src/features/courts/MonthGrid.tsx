// The calendar's grid: the weekday names, then a button per day of the month coloured by its
// availability. Always six weeks tall, so the legend and the page below keep their place from
// month to month. While the month's availability loads, a grey cell stands in for each day;
// while the month itself is not known yet (`month` null), for every cell.
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/Skeleton';
import { daysInMonth, monthLabel, weekdayIndex, weekdayNames } from '../../lib/dates';
import { formatDay } from '../../lib/format';
import { dayClass, marker } from './dayStyles';
import type { DayAvailability } from './queries';

const CELL = 'min-h-11 rounded-md sm:min-h-12';
/** Six weeks: the most a month spans. */
const CELLS = 42;

interface MonthGridProps {
  /** 'YYYY-MM', or null while the month to show is not known. */
  month: string | null;
  /** The month's days; undefined while they load. */
  days: DayAvailability[] | undefined;
  selected: string;
  onSelect: (date: string) => void;
}

export function MonthGrid({ month, days, selected, onSelect }: MonthGridProps) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const lead = month === null ? 0 : weekdayIndex(days?.[0]?.date ?? `${month}-01`);
  const count = month === null ? CELLS : daysInMonth(month);
  return (
    <div
      className="mt-3 grid grid-cols-7 gap-0.5 text-center sm:gap-1"
      role="group"
      aria-label={month === null ? t('calendar.loading') : monthLabel(month, lang)}
      aria-busy={!days}
    >
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
          {Array.from({ length: count }, (_, i) => (
            // Keyed by the month, so no grey cell moves when the month becomes known.
            <Skeleton key={`${month ?? 'unknown'}-${i}`} className={CELL} />
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
      {Array.from({ length: Math.max(0, CELLS - lead - count) }, (_, i) => (
        <span key={`trail-${i}`} aria-hidden="true" className={CELL} />
      ))}
    </div>
  );
}
