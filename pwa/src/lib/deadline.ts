// A payment deadline as the admin set it (issue 17), apart from format.ts so that the landing
// page's first load does not carry what only the console shows.
import { formatDateTime, formatTime } from './format';

/**
 * A date's deadline is the next midnight at the centre: shown as that day at 23:59
 * (`30/06/2026 23:59`, not `01/07/2026 00:00`); any other instant as `formatDateTime`.
 */
export function formatDeadline(value: string | number | Date, language: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatDateTime(formatTime(date) === '00:00' ? date.getTime() - 60_000 : date, language);
}
