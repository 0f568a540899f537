import { describe, expect, it } from 'vitest';
import type { Court } from './queries';
import { hoursRuns, openingMonth, seasonGroups, seasonOpening } from './season';

const every = (open: string, close: string, days = [0, 1, 2, 3, 4, 5, 6]) => days.map((weekday) => ({ weekday, open, close }));

function court(id: number, over: Partial<Court> = {}): Court {
  return { id, name: `Terrain ${id}`, nameEn: `Court ${id}`, seasonStart: '2027-05-15', seasonEnd: '2027-09-30', openingHours: every('08:00', '21:00'), ...over };
}

describe('the week of a court', () => {
  it('is one run when every day has the same hours', () => {
    expect(hoursRuns(every('08:00', '21:00'))).toEqual([{ from: 0, to: 6, open: '08:00', close: '21:00' }]);
  });

  it('splits where the hours change or a day is closed', () => {
    const hours = [...every('09:00', '16:00', [0, 1, 2, 3, 4]), { weekday: 5, open: '10:00', close: '14:00' }];
    expect(hoursRuns(hours)).toEqual([
      { from: 0, to: 4, open: '09:00', close: '16:00' },
      { from: 5, to: 5, open: '10:00', close: '14:00' },
    ]);
    // Wednesday closed: Monday–Tuesday, then Thursday–Friday.
    expect(hoursRuns(every('09:00', '16:00', [4, 0, 1, 3]))).toEqual([
      { from: 0, to: 1, open: '09:00', close: '16:00' },
      { from: 3, to: 4, open: '09:00', close: '16:00' },
    ]);
    expect(hoursRuns([])).toEqual([]);
  });
});

describe('the courts said together', () => {
  it('are one group when their season and hours agree', () => {
    const groups = seasonGroups([court(1), court(2)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.courts.map((c) => c.id)).toEqual([1, 2]);
  });

  it('are one group per season or week that differs, in the courts’ order', () => {
    const groups = seasonGroups([court(1), court(2, { seasonStart: '2027-06-01' }), court(3)]);
    expect(groups.map((g) => g.courts.map((c) => c.id))).toEqual([[1, 3], [2]]);
    expect(groups[1]?.seasonStart).toBe('2027-06-01');
  });
});

describe('out of season', () => {
  it('names the first court’s opening and opens the calendar on its month', () => {
    const courts = [court(1, { seasonStart: '2027-06-01' }), court(2)];
    expect(seasonOpening(courts, '2026-11-27')).toBe('2027-05-15');
    expect(openingMonth(courts, '2026-11-27')).toBe('2027-05');
  });

  it('is not said in season, and the calendar opens on today’s month', () => {
    expect(seasonOpening([court(1)], '2027-05-15')).toBeNull();
    expect(seasonOpening([court(1)], '2027-07-04')).toBeNull();
    expect(openingMonth([court(1)], '2027-07-04')).toBe('2027-07');
    expect(seasonOpening([], '2026-11-27')).toBeNull();
    expect(openingMonth([], '2026-11-27')).toBe('2026-11');
  });
});
