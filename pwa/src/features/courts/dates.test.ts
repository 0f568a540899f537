import { describe, expect, it } from 'vitest';
import { addMonths, centreToday, minutesBetween, monthLabel, monthOf, weekdayIndex, weekdayNames } from './dates';

describe('calendar days at the centre', () => {
  it("takes today's date in Toronto, not in the browser's zone", () => {
    // 03:30 UTC on 14 March 2027 is 22:30 EST on 13 March in Toronto.
    expect(centreToday(new Date('2027-03-14T03:30:00Z'))).toBe('2027-03-13');
    expect(centreToday(new Date('2027-03-14T05:30:00Z'))).toBe('2027-03-14');
    // The night clocks fall back: 04:30 UTC on 7 November 2027 is 00:30 EDT.
    expect(centreToday(new Date('2027-11-07T04:30:00Z'))).toBe('2027-11-07');
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
