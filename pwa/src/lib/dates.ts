// Calendar days, months and camp weeks at the centre (America/Toronto), the values of
// <input type="datetime-local">, and payment deadlines: the date work of the pages other than
// the landing route. Built, like format.ts (which shows instants and days, and which the
// landing chunk carries), on the browser's Intl alone: no date library.
//
// A day is 'YYYY-MM-DD' and a month 'YYYY-MM', at the centre. A day is never turned into a
// browser Date at midnight (that would shift it a day west of UTC): arithmetic is on the
// numbers, and labels format an instant of that day that is the same day at the centre.
import { centre } from '../config';
import { centreDay, formatDateTime, formatTime } from './format';

const pad = (n: number) => String(n).padStart(2, '0');

function locale(language: string): 'en-CA' | 'fr-CA' {
  return language.startsWith('en') ? 'en-CA' : 'fr-CA';
}

/** Today at the centre, 'YYYY-MM-DD' (what core's validation takes as `today`). */
export function centreToday(now: Date = new Date()): string {
  return centreDay(now);
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

/** How many days `month` ('YYYY-MM') has. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 0 for Monday … 6 for Sunday: the column of a day in a week that starts on Monday. */
export function weekdayIndex(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** 'juin 2027' / 'June 2027'. */
export function monthLabel(month: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/** Weekday names, Monday first: [{ short: 'lun.', long: 'lundi' }, …]. */
export function weekdayNames(language: string): { short: string; long: string }[] {
  const short = new Intl.DateTimeFormat(locale(language), { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale(language), { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 1 + i, 12));
    return { short: short.format(date), long: long.format(date) };
  });
}

/** Whole minutes between two instants (a booking's length). */
export function minutesBetween(start: string, end: string): number {
  return Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000);
}

/** The instant of noon (about) at the centre on a 'YYYY-MM-DD' day: the same day there all year. */
function noonAtCentre(ymd: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 16));
}

/** A camp week's first and last day: `5–9 juillet 2027` (fr), `July 5 – 9, 2027` (en). */
export function weekRange(start: string, end: string, language: string): string {
  const a = noonAtCentre(start);
  const b = noonAtCentre(end);
  if (!a || !b) return `${start} – ${end}`;
  return new Intl.DateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: centre.timeZone,
  }).formatRange(a, b);
}

/** A camp week's number from its label: 'week3' → 3. */
export function weekNumber(label: string): number {
  return Number(/(\d+)$/.exec(label)?.[1] ?? 0);
}

/** The centre's wall clock at an instant, read as if it were UTC, to the minute. */
function wallClock(instant: number): number {
  const [y, mo, d] = centreDay(instant).split('-').map(Number) as [number, number, number];
  const [h, mi] = formatTime(instant).split(':').map(Number) as [number, number];
  return Date.UTC(y, mo - 1, d, h, mi);
}

/** How far the centre's wall clock is ahead of UTC at an instant, in milliseconds (−4 h in summer). */
function offsetAt(instant: number): number {
  return wallClock(instant) - Math.floor(instant / 60_000) * 60_000;
}

/** `2026-07-01T13:00:00Z` → `2026-07-01T09:00` (the centre's wall clock); '' for nothing or nonsense. */
export function toCentreInput(utc: string | null | undefined): string {
  if (!utc) return '';
  const date = new Date(utc);
  if (Number.isNaN(date.getTime())) return '';
  return `${centreDay(date)}T${formatTime(date)}`;
}

/** `2026-07-01T09:00` at the centre → `2026-07-01T13:00:00.000Z`; '' stays '' (and nonsense is kept as typed, for the validator to refuse). */
export function fromCentreInput(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return local.trim();
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  // The offset at the guess, then at the instant it gives (they differ near a clock change).
  const first = offsetAt(wall);
  const second = offsetAt(wall - first);
  return new Date(wall - second).toISOString();
}

/**
 * A payment deadline. A date's deadline is the next midnight at the centre: shown as
 * that day at 23:59 (`30/06/2026 23:59`, not `01/07/2026 00:00`); any other instant as `formatDateTime`.
 */
export function formatDeadline(value: string | number | Date, language: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatDateTime(formatTime(date) === '00:00' ? date.getTime() - 60_000 : date, language);
}

/**
 * A day as typed in a date field, read the French way whatever the browser's locale: day, month,
 * year ('20/05/2027', '20.5.2027', '20-05-2027', '20 05 2027', or '20052027' from a phone's
 * number pad), or an ISO day ('2027-05-20'). Answers 'YYYY-MM-DD' for a real calendar day, null
 * for anything else (31/02, a two-digit year, a month 13).
 */
export function parseDayInput(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const french = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4})$/.exec(value) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : french
      ? [french[3], french[2], french[1]].map(Number)
      : [];
  if (year === undefined || month === undefined || day === undefined) return null;
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const ym = `${year}-${pad(month)}`;
  return day <= daysInMonth(ym) ? `${ym}-${pad(day)}` : null;
}

/** What a date field shows for a day: '2027-05-20' → '20/05/2027'; '' for anything else. */
export function dayInputValue(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** A day without its year: '15 mai' / '1er juin' (fr), 'May 15' (en); '' for anything else. */
export function dayMonthLabel(day: string, language: string): string {
  const at = noonAtCentre(day);
  if (!at) return '';
  if (!language.startsWith('en') && day.endsWith('-01')) {
    return `1er ${new Intl.DateTimeFormat('fr-CA', { month: 'long', timeZone: centre.timeZone }).format(at)}`;
  }
  return new Intl.DateTimeFormat(locale(language), { day: 'numeric', month: 'long', timeZone: centre.timeZone }).format(at);
}
