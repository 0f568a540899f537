// The browser's zone must not matter: run these in a zone far from the centre's.
process.env.TZ = 'Asia/Tokyo';

import { describe, expect, it } from 'vitest';
import {
  addMonths,
  centreToday,
  formatDeadline,
  fromCentreInput,
  minutesBetween,
  monthLabel,
  monthOf,
  toCentreInput,
  weekNumber,
  weekRange,
  weekdayIndex,
  weekdayNames,
} from './dates';

describe('calendar days at the centre', () => {
  it("takes today's date in Toronto, not in the browser's zone", () => {
    // 03:30 UTC on 14 March 2027 is 22:30 EST on 13 March in Toronto.
    expect(centreToday(new Date('2027-03-14T03:30:00Z'))).toBe('2027-03-13');
    expect(centreToday(new Date('2027-03-14T05:30:00Z'))).toBe('2027-03-14');
    // The night clocks fall back: 04:30 UTC on 7 November 2027 is 00:30 EDT.
    expect(centreToday(new Date('2027-11-07T04:30:00Z'))).toBe('2027-11-07');
    // 02:30 UTC on 9 March 2026 is still 8 March in Toronto.
    expect(centreToday(new Date('2026-03-09T02:30:00Z'))).toBe('2026-03-08');
    expect(centreToday(new Date('2026-07-01T12:00:00Z'))).toBe('2026-07-01');
  });

  it('moves between months across years', () => {
    expect(addMonths('2027-12', 1)).toBe('2028-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-11', 7)).toBe('2027-06');
    expect(monthOf('2027-06-15')).toBe('2027-06');
  });

  it('puts each day in its Monday-first column', () => {
    expect(weekdayIndex('2027-06-14')).toBe(0); // a Monday
    expect(weekdayIndex('2027-06-20')).toBe(6); // a Sunday
    expect(weekdayIndex('2027-11-07')).toBe(6); // a daylight-saving Sunday
    expect(weekdayNames('fr')[0]?.long).toBe('lundi');
    expect(weekdayNames('en')[6]?.long).toBe('Sunday');
  });

  it('names months in the interface language', () => {
    expect(monthLabel('2027-06', 'fr')).toBe('juin 2027');
    expect(monthLabel('2027-06', 'en')).toBe('June 2027');
  });

  it('measures a booking, even across a clock change', () => {
    expect(minutesBetween('2027-06-15T14:00:00Z', '2027-06-15T15:00:00Z')).toBe(60);
    expect(minutesBetween('2027-11-07T06:00:00Z', '2027-11-07T07:00:00Z')).toBe(60);
  });
});

describe('camp weeks', () => {
  it('shows a week as a range of centre days in both languages', () => {
    expect(weekRange('2027-07-05', '2027-07-09', 'fr')).toMatch(/^5\s?–\s?9 juillet 2027$/);
    expect(weekRange('2027-07-05', '2027-07-09', 'en')).toMatch(/^July 5\s?–\s?9, 2027$/);
    expect(weekRange('2024-07-29', '2024-08-02', 'fr')).toContain('29 juillet');
    expect(weekRange('2024-07-29', '2024-08-02', 'fr')).toContain('2 août 2024');
  });

  it('numbers weeks from their labels', () => {
    expect(weekNumber('week6')).toBe(6);
    expect(weekNumber('x')).toBe(0);
  });
});

describe('datetime-local values are the centre’s wall clock', () => {
  it('converts both ways in summer and winter', () => {
    expect(fromCentreInput('2026-07-01T09:00')).toBe('2026-07-01T13:00:00.000Z');
    expect(fromCentreInput('2026-12-01T09:00')).toBe('2026-12-01T14:00:00.000Z');
    expect(toCentreInput('2026-07-01T13:00:00Z')).toBe('2026-07-01T09:00');
    expect(toCentreInput('2026-12-01T14:00:00Z')).toBe('2026-12-01T09:00');
  });

  it('round-trips across the spring-forward day', () => {
    expect(fromCentreInput('2026-03-08T12:00')).toBe('2026-03-08T16:00:00.000Z');
    expect(toCentreInput(fromCentreInput('2026-03-08T12:00'))).toBe('2026-03-08T12:00');
  });

  it('keeps empty and unreadable values for the validator', () => {
    expect(fromCentreInput('')).toBe('');
    expect(fromCentreInput('demain')).toBe('demain');
    expect(toCentreInput(null)).toBe('');
    expect(toCentreInput('nonsense')).toBe('');
  });
});

describe('payment deadlines', () => {
  it("shows a date's deadline (the next midnight at the centre) as that day at 23:59", () => {
    // Paid by the end of 30 June 2026: 1 July 00:00 EDT is 04:00 UTC.
    expect(formatDeadline('2026-07-01T04:00:00Z', 'fr')).toBe('30/06/2026 23:59');
    expect(formatDeadline('2026-07-01T04:00:00Z', 'en')).toBe('2026-06-30 23:59');
  });

  it('shows any other instant as it is, in the centre time zone', () => {
    expect(formatDeadline('2026-07-15T18:32:00Z', 'fr')).toBe('15/07/2026 14:32');
    expect(formatDeadline('nonsense', 'fr')).toBe('');
  });
});
