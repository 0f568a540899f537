import { describe, expect, it } from 'vitest';
import { centreToday, dayLabel, weekNumber, weekRange } from './dates';

describe('camp week dates', () => {
  it('shows a week as a range of centre days in both languages', () => {
    expect(weekRange('2027-07-05', '2027-07-09', 'fr')).toMatch(/^5\s?–\s?9 juillet 2027$/);
    expect(weekRange('2027-07-05', '2027-07-09', 'en')).toMatch(/^July 5\s?–\s?9, 2027$/);
    expect(weekRange('2024-07-29', '2024-08-02', 'fr')).toContain('29 juillet');
    expect(weekRange('2024-07-29', '2024-08-02', 'fr')).toContain('2 août 2024');
  });

  it('shows a calendar day as the same day whatever the instant means elsewhere', () => {
    expect(dayLabel('2019-05-01', 'fr')).toBe('1 mai 2019');
    expect(dayLabel('2019-05-01', 'en')).toBe('May 1, 2019');
    expect(dayLabel('nonsense', 'en')).toBe('nonsense');
  });

  it("knows today's date at the centre", () => {
    // 02:30 UTC on 9 March 2026 is still 8 March in Toronto.
    expect(centreToday(new Date('2026-03-09T02:30:00Z'))).toBe('2026-03-08');
    expect(centreToday(new Date('2026-07-01T12:00:00Z'))).toBe('2026-07-01');
  });

  it('numbers weeks from their labels', () => {
    expect(weekNumber('week6')).toBe(6);
    expect(weekNumber('x')).toBe(0);
  });
});
