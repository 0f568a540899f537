// The Tournois tab's event selector: events starting today or later, today
// being the centre's day (America/Toronto), soonest first; and the one it opens on: today's
// tournament, else the next one, else the most recent (listed too, though past), else the
// first event of the list.
import { centreDay } from '../../lib/format';
import { eventTitle } from '../events/model';

interface Dated {
  id: number;
  startDate: string;
  endDate?: string | null;
  hasTournament?: boolean;
}

const soonestFirst = (a: Dated, b: Dated) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.id - b.id;

export function upcomingEvents<T extends Dated>(events: T[], now: Date = new Date()): T[] {
  const today = centreDay(now);
  return events.filter((event) => centreDay(event.startDate) >= today).sort(soonestFirst);
}

/** The selector's events and the one it opens on. */
export function tournamentChoice<T extends Dated>(events: T[], now: Date = new Date()): { list: T[]; opened: T | null } {
  const today = centreDay(now);
  const upcoming = upcomingEvents(events, now);
  const withTournament = [...events].filter((event) => event.hasTournament).sort(soonestFirst);
  const running = withTournament.find((event) => centreDay(event.startDate) <= today && today <= centreDay(event.endDate ?? event.startDate));
  const next = withTournament.find((event) => centreDay(event.startDate) > today);
  const recent = withTournament.filter((event) => centreDay(event.startDate) < today).at(-1);
  const opened = running ?? next ?? recent ?? upcoming[0] ?? null;
  const list = opened && !upcoming.includes(opened) ? [opened, ...upcoming] : upcoming;
  return { list, opened };
}

/**
 * The names the tab shows: the event's title in the interface language, and the tournament's. The
 * server names a tournament after its event (in French); such a tournament takes the event's title
 * in the page's language, a name an admin chose stays as typed.
 */
export function tournamentNames(tournament: string, event: { title: string; titleEn?: string | null }, lang: string): TournamentNames {
  const title = eventTitle(event, lang);
  return { event: title, tournament: tournament === event.title ? title : tournament };
}

export interface TournamentNames {
  event: string;
  tournament: string;
}
