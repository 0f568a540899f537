// Calendar days of the reservation page: plain 'YYYY-MM-DD' dates and 'YYYY-MM' months at the
// centre (America/Toronto), whatever the browser's zone. A day is never turned into a browser
// Date at midnight (that would shift it a day west of UTC): arithmetic is on the numbers, and
// labels format noon UTC of the day, which is the same day in the centre.
import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { centre } from '../../config';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today at the centre, 'YYYY-MM-DD'. */
export function centreToday(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd', { in: tz(centre.timeZone) });
}

/** The month of a day: '2027-06-15' → '2027-06'. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** `month` moved by `delta` months: ('2027-12', 1) → '2028-01'. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** 0 for Monday … 6 for Sunday: the column of a day in a week that starts on Monday. */
export function weekdayIndex(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

function locale(lang: string) {
  return lang.startsWith('en') ? 'en-CA' : 'fr-CA';
}

/** 'juin 2027' / 'June 2027'. */
export function monthLabel(month: string, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/** Short weekday names, Monday first: ['lun.', 'mar.', …]. */
export function weekdayNames(lang: string): { short: string; long: string }[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 1 + i, 12));
    return {
      short: new Intl.DateTimeFormat(locale(lang), { weekday: 'short', timeZone: 'UTC' }).format(date),
      long: new Intl.DateTimeFormat(locale(lang), { weekday: 'long', timeZone: 'UTC' }).format(date),
    };
  });
}

/** Whole minutes between two instants (a booking's length). */
export function minutesBetween(start: string, end: string): number {
  return Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000);
}
