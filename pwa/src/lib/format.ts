// Dates, times and prices as the centre shows them: always in the centre's time zone
// (America/Toronto), whatever the browser's, and in the interface language's format.
//   French: 08/03/2026 14:30, long form « 8 mars 2026 à 14:30 », prices « 25,00 $ »
//   English: 2026-03-08 14:30, long form "March 8th, 2026 at 14:30", prices "$25.00"
// Built on the browser's Intl alone (no date library): the landing page's event cards use it,
// and every kilobyte of the landing route counts against its budget.
import { centre } from '../config';

type Lang = 'fr' | 'en';

function lang(value: string): Lang {
  return value.startsWith('en') ? 'en' : 'fr';
}

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

// en-CA with the 23-hour cycle: two-digit month, day, hour and minute, whatever the browser's locale.
const inCentre = new Intl.DateTimeFormat('en-CA', {
  timeZone: centre.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock fields at the centre, or null for an invalid date. */
function partsOf(value: string | number | Date): Parts | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const { type, value: text } of inCentre.formatToParts(date)) {
    if (type in parts) parts[type as keyof Parts] = text;
  }
  return parts;
}

const monthNames = Object.fromEntries(
  (['fr', 'en'] as const).map((language) => {
    const names = new Intl.DateTimeFormat(`${language}-CA`, { month: 'long', timeZone: 'UTC' });
    return [language, Array.from({ length: 12 }, (_, month) => names.format(Date.UTC(2000, month, 15)))];
  }),
) as Record<Lang, string[]>;

const ordinal = new Intl.PluralRules('en', { type: 'ordinal' });
const suffixes: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** `8 mars 2026` (fr) or `March 8th, 2026` (en). */
function longDay({ year, month, day }: Pick<Parts, 'year' | 'month' | 'day'>, language: Lang): string {
  const name = monthNames[language][Number(month) - 1] ?? '';
  const n = Number(day);
  return language === 'fr' ? `${n} ${name} ${year}` : `${name} ${n}${suffixes[ordinal.select(n)]}, ${year}`;
}

/** `08/03/2026` (fr) or `2026-03-08` (en). */
function shortDay({ year, month, day }: Parts, language: Lang): string {
  return language === 'fr' ? `${day}/${month}/${year}` : `${year}-${month}-${day}`;
}

/** `08/03/2026 14:30` (fr) or `2026-03-08 14:30` (en), in the centre's time zone. */
export function formatDateTime(value: string | number | Date, language: string): string {
  const p = partsOf(value);
  return p ? `${shortDay(p, lang(language))} ${p.hour}:${p.minute}` : '';
}

/** `08/03/2026` (fr) or `2026-03-08` (en), the day in the centre's time zone. */
export function formatDate(value: string | number | Date, language: string): string {
  const p = partsOf(value);
  return p ? shortDay(p, lang(language)) : '';
}

/** `8 mars 2026 à 14:30` (fr) or `March 8th, 2026 at 14:30` (en). */
export function formatLongDateTime(value: string | number | Date, language: string): string {
  const p = partsOf(value);
  if (!p) return '';
  const l = lang(language);
  return `${longDay(p, l)} ${l === 'fr' ? 'à' : 'at'} ${p.hour}:${p.minute}`;
}

/** `8 mars 2026` (fr) or `March 8th, 2026` (en). */
export function formatLongDate(value: string | number | Date, language: string): string {
  const p = partsOf(value);
  return p ? longDay(p, lang(language)) : '';
}

/** `14:30`, in the centre's time zone. */
export function formatTime(value: string | number | Date): string {
  const p = partsOf(value);
  return p ? `${p.hour}:${p.minute}` : '';
}

const clockEn = new Intl.DateTimeFormat('en-US', { timeZone: centre.timeZone, hour: 'numeric', minute: '2-digit' });

/** A time of day as one says it, at the centre: `14:02` in French, `2:02 PM` in English. */
export function formatClock(value: string | number | Date, language: string): string {
  if (lang(language) === 'fr') return formatTime(value);
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : clockEn.format(date).replace(/\u202f/g, ' ');
}

/** The calendar day at the centre, `YYYY-MM-DD` (comparable as text); '' for an invalid date. */
export function centreDay(value: string | number | Date): string {
  const p = partsOf(value);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** A length of time: `1 h 05` / `45 min` (fr), `1 h 05 min` / `45 min` (en). */
export function formatDuration(minutes: number, language: string): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = String(total % 60).padStart(2, '0');
  if (hours === 0) return `${total} min`;
  return lang(language) === 'fr' ? `${hours} h ${rest}` : `${hours} h ${rest} min`;
}

/** The year in the centre's time zone (a member-since year, for instance). */
export function centreYear(value: string | number | Date): number | null {
  const p = partsOf(value);
  return p ? Number(p.year) : null;
}

const money = {
  fr: new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }),
  en: new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }),
};

/** `25,00 $` (fr) or `$25.00` (en): dollars in CAD with the locale's format. */
export function formatPrice(dollars: number, language: string): string {
  return money[lang(language)].format(dollars);
}

/** A calendar day written 'YYYY-MM-DD' (a config value, say), as the centre's long date. */
export function formatDay(ymd: string, language: string): string {
  const [, year = '', month = '', day = ''] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd) ?? [];
  return year ? longDay({ year, month, day }, lang(language)) : '';
}
