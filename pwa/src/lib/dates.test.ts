// The browser's zone must not matter: run these in a zone far from the centre's.
process.env.TZ = 'Asia/Tokyo';

import { describe, expect, it } from 'vitest';
import {
  addMonths,
  centreToday,
  dayInputValue,
  dayMonthLabel,
  formatDeadline,
  fromCentreInput,
  minutesBetween,
  monthLabel,
  monthOf,
  parseDayInput,
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

describe('a day typed in a date field, the French way', () => {
  it('reads day, month, year whatever the separator, and an ISO day', () => {
    expect(parseDayInput('20/05/2027')).toBe('2027-05-20');
    expect(parseDayInput(' 2/5/2027 ')).toBe('2027-05-02');
    expect(parseDayInput('20.05.2027')).toBe('2027-05-20');
    expect(parseDayInput('20-05-2027')).toBe('2027-05-20');
    expect(parseDayInput('20 05 2027')).toBe('2027-05-20');
    expect(parseDayInput('20052027')).toBe('2027-05-20');
    expect(parseDayInput('2027-05-20')).toBe('2027-05-20');
    // Day first, never the browser's month first: 05/12 is the 5th of December.
    expect(parseDayInput('05/12/2027')).toBe('2027-12-05');
  });

  it('refuses what is not a calendar day', () => {
    for (const text of ['', '  ', '31/02/2027', '29/02/2027', '00/05/2027', '12/13/2027', '05/20/2027', '20/05/27', '20/05', 'demain', '2027-5', '20/05/2027 10:00']) {
      expect(parseDayInput(text), text).toBeNull();
    }
    expect(parseDayInput('29/02/2028')).toBe('2028-02-29');
  });

  it('shows a day as dd/MM/yyyy, and reads back what it shows', () => {
    expect(dayInputValue('2027-05-20')).toBe('20/05/2027');
    expect(dayInputValue('2027-12-05')).toBe('05/12/2027');
    expect(dayInputValue('')).toBe('');
    expect(parseDayInput(dayInputValue('2028-02-29'))).toBe('2028-02-29');
  });

  it('names a day without its year', () => {
    expect(dayMonthLabel('2027-05-15', 'fr')).toBe('15 mai');
    expect(dayMonthLabel('2027-06-01', 'fr')).toBe('1er juin');
    expect(dayMonthLabel('2027-05-15', 'en')).toBe('May 15');
    expect(dayMonthLabel('nonsense', 'fr')).toBe('');
  });
});
