// The browser's zone must not matter: run these in a zone far from the centre's.
process.env.TZ = 'Asia/Tokyo';

import { describe, expect, it } from 'vitest';
import {
  centreDay,
  centreYear,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatLongDate,
  formatLongDateTime,
  formatPrice,
  formatTime,
  formatClock,
} from './format';

// Intl separates the amount and the symbol with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('dates and times in the centre time zone (America/Toronto)', () => {
  it('formats the short French form dd/MM/yyyy HH:mm and the English one', () => {
    expect(new Date('2026-07-01T16:30:00Z').getTimezoneOffset()).toBe(-540); // really in Tokyo
    expect(formatDateTime('2026-07-01T16:30:00Z', 'fr')).toBe('01/07/2026 12:30');
    expect(formatDateTime('2026-07-01T16:30:00Z', 'en')).toBe('2026-07-01 12:30');
    expect(formatDate('2026-07-01T03:30:00Z', 'fr')).toBe('30/06/2026');
    expect(formatTime('2026-07-01T16:30:00Z')).toBe('12:30');
  });

  it('says a time of day the way each language does', () => {
    expect(formatClock('2026-07-01T18:02:00Z', 'fr')).toBe('14:02');
    expect(formatClock('2026-07-01T18:02:00Z', 'en')).toBe('2:02 PM');
    expect(formatClock('2026-01-15T13:05:00Z', 'en')).toBe('8:05 AM');
  });

  it('formats the long form PPP à HH:mm with fr-CA and en-CA', () => {
    expect(formatLongDateTime('2025-08-24T13:00:00Z', 'fr')).toBe('24 août 2025 à 09:00');
    expect(formatLongDateTime('2025-08-24T13:00:00Z', 'en')).toBe('August 24th, 2025 at 09:00');
    expect(formatLongDate('2025-08-24T13:00:00Z', 'fr')).toBe('24 août 2025');
  });

  it('follows the spring-forward day, 8 March 2026 (02:00 EST becomes 03:00 EDT)', () => {
    expect(formatDateTime('2026-03-08T05:00:00Z', 'fr')).toBe('08/03/2026 00:00');
    expect(formatDateTime('2026-03-08T06:59:00Z', 'fr')).toBe('08/03/2026 01:59');
    expect(formatDateTime('2026-03-08T07:00:00Z', 'fr')).toBe('08/03/2026 03:00');
    expect(formatDateTime('2026-03-08T18:00:00Z', 'fr')).toBe('08/03/2026 14:00');
    expect(formatLongDateTime('2026-03-08T18:00:00Z', 'fr')).toBe('8 mars 2026 à 14:00');
    expect(formatDateTime('2026-03-09T03:59:00Z', 'fr')).toBe('08/03/2026 23:59');
    expect(formatDate('2026-03-09T04:00:00Z', 'fr')).toBe('09/03/2026');
  });

  it('follows the fall-back day, 1 November 2026 (02:00 EDT becomes 01:00 EST)', () => {
    expect(formatDateTime('2026-11-01T04:00:00Z', 'fr')).toBe('01/11/2026 00:00');
    expect(formatDateTime('2026-11-01T05:30:00Z', 'fr')).toBe('01/11/2026 01:30');
    expect(formatDateTime('2026-11-01T06:30:00Z', 'fr')).toBe('01/11/2026 01:30');
    expect(formatDateTime('2026-11-01T07:00:00Z', 'fr')).toBe('01/11/2026 02:00');
    expect(formatDateTime('2026-11-01T19:00:00Z', 'en')).toBe('2026-11-01 14:00');
    expect(formatLongDateTime('2026-11-01T19:00:00Z', 'en')).toBe('November 1st, 2026 at 14:00');
    expect(formatDate('2026-11-02T04:59:00Z', 'fr')).toBe('01/11/2026');
  });

  it('writes a calendar day as that day, never the one before', () => {
    expect(formatDay('2025-08-24', 'fr')).toBe('24 août 2025');
    expect(formatDay('2025-08-24', 'en')).toBe('August 24th, 2025');
    expect(formatDay('2025-8-24', 'fr')).toBe('');
    // A birth date, say: the same day whatever the instant means elsewhere.
    expect(formatDay('2019-05-01', 'fr')).toBe('1 mai 2019');
    expect(formatDay('2019-05-01', 'en')).toBe('May 1st, 2019');
  });

  it('reads the year in the centre time zone, and tolerates bad input', () => {
    expect(centreYear('2025-01-01T03:00:00Z')).toBe(2024);
    expect(centreYear('nonsense')).toBeNull();
    expect(formatDateTime('nonsense', 'fr')).toBe('');
  });
});

describe('prices in CAD', () => {
  it('uses the French format 25,00 $ and the English $25.00', () => {
    expect(plain(formatPrice(25, 'fr'))).toBe('25,00 $');
    expect(formatPrice(25, 'en')).toBe('$25.00');
    expect(plain(formatPrice(1234.5, 'fr'))).toBe('1 234,50 $');
    expect(formatPrice(1234.5, 'en')).toBe('$1,234.50');
    expect(plain(formatPrice(0, 'fr'))).toBe('0,00 $');
  });
});

describe('calendar days and lengths of time', () => {
  it('gives the day at the centre, not the browser\'s or UTC\'s', () => {
    expect(centreDay('2026-07-01T03:30:00Z')).toBe('2026-06-30');
    expect(centreDay('2026-07-01T04:00:00Z')).toBe('2026-07-01');
    expect(centreDay('nonsense')).toBe('');
  });

  it('writes minutes as hours and minutes in each language', () => {
    expect(formatDuration(45, 'fr')).toBe('45 min');
    expect(formatDuration(65, 'fr')).toBe('1 h 05');
    expect(formatDuration(65, 'en')).toBe('1 h 05 min');
    expect(formatDuration(240, 'fr')).toBe('4 h 00');
  });
});
