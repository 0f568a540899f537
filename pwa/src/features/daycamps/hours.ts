import type { TFunction } from 'i18next';

/** 'HH:MM' as the interface language writes an hour: `8 h`, `16 h 30` (fr); `8:00` (en). */
export function hourLabel(hhmm: string, t: TFunction<'daycamps'>): string {
  const [h = '0', m = '00'] = hhmm.split(':');
  const hour = String(Number(h));
  return m === '00' ? t('hour.whole', { hour, minutes: m }) : t('hour.withMinutes', { hour, minutes: m });
}
