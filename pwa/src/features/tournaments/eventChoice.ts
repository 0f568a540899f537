// The Tournois tab's event selector (spec section 2): only events starting today or later,
// today being the centre's day (America/Toronto), soonest first.
import { centreDay } from '../../lib/format';

interface Dated {
  id: number;
  startDate: string;
}

export function upcomingEvents<T extends Dated>(events: T[], now: Date = new Date()): T[] {
  const today = centreDay(now);
  return events
    .filter((event) => centreDay(event.startDate) >= today)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.id - b.id);
}
