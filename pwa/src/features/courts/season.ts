// When the courts are open, as the server says it (GET /api/courts: each court's coming season
// and weekly hours): what the reservation page states, and which month its calendar opens on.
// Days are 'YYYY-MM-DD' at the centre, compared as text; no rule here decides a season, the
// server has already chosen the one not ended yet.
import { monthOf } from '../../lib/dates';
import type { Court } from './queries';

export type OpeningHours = Court['openingHours'][number];

/** Consecutive weekdays with the same hours: `from` and `to` are 0 (Monday) … 6 (Sunday). */
export interface HoursRun {
  from: number;
  to: number;
  open: string;
  close: string;
}

/** The week's hours as runs of days, Monday first: Monday–Friday 9–16 and Saturday 10–14 are two runs. */
export function hoursRuns(hours: OpeningHours[]): HoursRun[] {
  const byDay = new Map(hours.map((h) => [h.weekday, h]));
  const runs: HoursRun[] = [];
  for (let day = 0; day < 7; day++) {
    const h = byDay.get(day);
    if (!h) continue;
    const last = runs.at(-1);
    if (last && last.to === day - 1 && last.open === h.open && last.close === h.close) last.to = day;
    else runs.push({ from: day, to: day, open: h.open, close: h.close });
  }
  return runs;
}

/** Courts that share a season and hours, said once together. */
export interface SeasonGroup {
  courts: Court[];
  seasonStart: string;
  seasonEnd: string;
  runs: HoursRun[];
}

/** The courts grouped by season and hours, in the courts' order (one group when they agree). */
export function seasonGroups(courts: Court[]): SeasonGroup[] {
  const groups = new Map<string, SeasonGroup>();
  for (const court of courts) {
    const runs = hoursRuns(court.openingHours);
    const key = JSON.stringify([court.seasonStart, court.seasonEnd, runs]);
    const group = groups.get(key);
    if (group) group.courts.push(court);
    else groups.set(key, { courts: [court], seasonStart: court.seasonStart, seasonEnd: court.seasonEnd, runs });
  }
  return [...groups.values()];
}

/** The day the first of these courts opens when none is open yet on `today`; null in season (or with no court). */
export function seasonOpening(courts: Court[], today: string): string | null {
  const starts = courts.map((c) => c.seasonStart).sort();
  const first = starts[0];
  return first !== undefined && today < first ? first : null;
}

/** The month the calendar opens on: the season's first out of season, else today's. */
export function openingMonth(courts: Court[], today: string): string {
  return monthOf(seasonOpening(courts, today) ?? today);
}
