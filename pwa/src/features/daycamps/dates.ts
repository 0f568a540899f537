// Camp weeks are calendar days at the centre ('YYYY-MM-DD'), not instants: they are shown
// with Intl's date ranges in the centre's time zone, whatever the browser's
// ('5–9 juillet 2027', 'July 5 – 9, 2027').
import { centre } from '../../config';

/** The instant of noon (about) at the centre on a 'YYYY-MM-DD' day: the same day there all year. */
function noonAtCentre(ymd: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 16));
}

const locales = { fr: 'fr-CA', en: 'en-CA' } as const;

function formatter(language: string, options: Intl.DateTimeFormatOptions) {
  const locale = language.startsWith('en') ? locales.en : locales.fr;
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: centre.timeZone });
}

/** A week's first and last day: `5–9 juillet 2027` (fr), `July 5 – 9, 2027` (en). */
export function weekRange(start: string, end: string, language: string): string {
  const a = noonAtCentre(start);
  const b = noonAtCentre(end);
  if (!a || !b) return `${start} – ${end}`;
  return formatter(language, { day: 'numeric', month: 'long', year: 'numeric' }).formatRange(a, b);
}

/** A calendar day: `1 mai 2019` (fr), `May 1, 2019` (en). */
export function dayLabel(ymd: string, language: string): string {
  const day = noonAtCentre(ymd);
  return day ? formatter(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(day) : ymd;
}

/** Today at the centre, 'YYYY-MM-DD' (what core's validation takes as `today`). */
export function centreToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: centre.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** 'week3' → 3. */
export function weekNumber(label: string): number {
  return Number(/(\d+)$/.exec(label)?.[1] ?? 0);
}
