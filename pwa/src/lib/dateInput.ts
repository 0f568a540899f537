// Values of <input type="datetime-local"> are wall-clock times at the centre (America/Toronto),
// whatever the browser's zone; the API stores and sends UTC instants. These two functions
// convert between them, so an admin who types 09:00 sees 09:00 everywhere afterwards.
import { format } from 'date-fns';
import { TZDate, tz } from '@date-fns/tz';
import { centre } from '../config';

/** `2026-07-01T13:00:00Z` → `2026-07-01T09:00` (the centre's wall clock); '' for nothing or nonsense. */
export function toCentreInput(utc: string | null | undefined): string {
  if (!utc) return '';
  const date = new Date(utc);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, "yyyy-MM-dd'T'HH:mm", { in: tz(centre.timeZone) });
}

/** `2026-07-01T09:00` at the centre → `2026-07-01T13:00:00.000Z`; '' stays '' (and nonsense is kept as typed, for the validator to refuse). */
export function fromCentreInput(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return local.trim();
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const instant = new TZDate(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s, centre.timeZone);
  return new Date(instant.getTime()).toISOString();
}
