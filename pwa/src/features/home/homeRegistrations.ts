// What the member home's 'Mes inscriptions' card lists and what its stats card counts: one list,
// so the number and the list cannot disagree. A registration counts while it holds its places:
// a cancelled one (released for non-payment, refunded) is history, kept on /my-registrations.
// Day-camp registrations are registrations too: a parent sees each child's beside their teams.
import type { MyDayCampRegistration } from '../daycamps/queries';
import type { UserRegistration } from '../registrations/queries';

/** One line of the card: a team's (or a person's) event registration, or a child's day camps. */
export type HomeRegistration =
  | { kind: 'event'; id: string; row: UserRegistration }
  | { kind: 'dayCamp'; id: string; row: MyDayCampRegistration };

/** A camp registration still holds its weeks unless it was released (its weeks were given back). */
function holdsWeeks(row: MyDayCampRegistration): boolean {
  return row.weeks.length > 0 && row.paymentStatus !== 'expired' && row.paymentStatus !== 'refunded';
}

/** The camp's last day is before `today` ('YYYY-MM-DD', the centre's). */
function campIsPast(row: MyDayCampRegistration, today: string): boolean {
  const last = row.weeks.reduce((latest, week) => (week.endDate > latest ? week.endDate : latest), '');
  return last !== '' && last < today;
}

/**
 * The member's registrations that hold places, in the card's order: events to come (as the
 * server lists them, soonest first), then day camps to come, then what is over. The stats card's
 * number is this list's length; the card shows its first lines.
 */
export function homeRegistrations(events: UserRegistration[], dayCamps: MyDayCampRegistration[], today: string): HomeRegistration[] {
  const held = events.filter((row) => row.status !== 'cancelled');
  const camps = dayCamps.filter(holdsWeeks);
  const event = (row: UserRegistration): HomeRegistration => ({ kind: 'event', id: `event-${row.id}`, row });
  const camp = (row: MyDayCampRegistration): HomeRegistration => ({ kind: 'dayCamp', id: `camp-${row.id}`, row });
  return [
    ...held.filter((row) => !row.isPast).map(event),
    ...camps.filter((row) => !campIsPast(row, today)).map(camp),
    ...held.filter((row) => row.isPast).map(event),
    ...camps.filter((row) => campIsPast(row, today)).map(camp),
  ];
}
