// Dates, times and prices as the centre shows them: always in the centre's time zone
// (America/Toronto), whatever the browser's, and in the interface language's format.
//   French: 08/03/2026 14:30, long form « 8 mars 2026 à 14:30 », prices « 25,00 $ »
//   English: 2026-03-08 14:30, long form "March 8th, 2026 at 14:30", prices "$25.00"
import { format } from 'date-fns';
import { enCA, frCA } from 'date-fns/locale';
import { TZDate, tz } from '@date-fns/tz';
import { centre } from '../config';

export type Lang = 'fr' | 'en';

const inCentre = tz(centre.timeZone);
const locales = { fr: frCA, en: enCA } as const;

function lang(value: string): Lang {
  return value.startsWith('en') ? 'en' : 'fr';
}

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

function fmt(value: string | number | Date, pattern: string, language: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, pattern, { in: inCentre, locale: locales[lang(language)] });
}

const patterns = {
  fr: { dateTime: 'dd/MM/yyyy HH:mm', date: 'dd/MM/yyyy', long: "PPP 'à' HH:mm", longDate: 'PPP' },
  en: { dateTime: 'yyyy-MM-dd HH:mm', date: 'yyyy-MM-dd', long: "PPP 'at' HH:mm", longDate: 'PPP' },
} as const;

/** `08/03/2026 14:30` (fr) or `2026-03-08 14:30` (en), in the centre's time zone. */
export function formatDateTime(value: string | number | Date, language: string): string {
  return fmt(value, patterns[lang(language)].dateTime, language);
}

/** `08/03/2026` (fr) or `2026-03-08` (en), the day in the centre's time zone. */
export function formatDate(value: string | number | Date, language: string): string {
  return fmt(value, patterns[lang(language)].date, language);
}

/** `8 mars 2026 à 14:30` (fr) or `March 8th, 2026 at 14:30` (en). */
export function formatLongDateTime(value: string | number | Date, language: string): string {
  return fmt(value, patterns[lang(language)].long, language);
}

/** `8 mars 2026` (fr) or `March 8th, 2026` (en). */
export function formatLongDate(value: string | number | Date, language: string): string {
  return fmt(value, patterns[lang(language)].longDate, language);
}

/** `14:30`, in the centre's time zone. */
export function formatTime(value: string | number | Date, language: string): string {
  return fmt(value, 'HH:mm', language);
}

/** The year in the centre's time zone (a member-since year, for instance). */
export function centreYear(value: string | number | Date): number | null {
  const text = fmt(value, 'yyyy', 'fr');
  return text ? Number(text) : null;
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
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return '';
  const day = new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12, centre.timeZone);
  return fmt(day, 'PPP', language);
}
