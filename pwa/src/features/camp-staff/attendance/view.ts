// What the counsellor sees of a child's day: the server's last answer (kept for offline use)
// with this phone's entries on top, so an arrival tapped with no network shows at once and
// survives a reload. What an entry does to the day is centre-core's rule, the one the server
// judges it with (through core-wasm): a departure with someone the child may not leave with
// does not show as a departure. The server stays the truth: an entry it refused shows its
// reason and changes nothing.
import { messageNow, projectChildDay, type CoreModule } from '../../../core';
import type { AttendanceEntry, PickupKind } from '../../../db/outbox';
import type { ChildAttendance } from '../queries';

export interface ChildView {
  child: ChildAttendance;
  arrivedAt: string | null;
  leftAt: string | null;
  pickupKind: PickupKind | null;
  pickupName: string | null;
  notice: boolean;
  /** 'Absent sans avis': the server's flag, unless this phone recorded an arrival or a notice. */
  flagged: boolean;
  /** Some of this phone's entries for the child wait to be sent. */
  waiting: boolean;
  /** The server's reason for this phone's last refused entry of the child, if the last answered one was refused. */
  refused: string | null;
  /** Why the server will refuse this phone's last waiting entry of the child, by the same rule. */
  willRefuse: string | null;
}

/** The child's day, given this phone's entries of the week (in their order). */
export function childView(core: CoreModule, child: ChildAttendance, day: string, entries: AttendanceEntry[], lang: string): ChildView {
  const ofDay = entries.filter((e) => e.registrationId === child.registrationId && e.day === day);
  // Those the server refused or found done already change nothing; the others are judged in
  // order (an applied one the last read does not show yet is taken again, as the read will).
  const mine = ofDay.filter((e) => e.state === 'pending' || e.state === 'applied');
  const { arrivedAt, leftAt, pickupKind, pickupName, absenceNotice, absentWithoutNotice, outcomes } = projectChildDay(
    core,
    {
      day,
      arrivedAt: child.arrivedAt,
      leftAt: child.leftAt,
      pickupKind: child.pickupKind,
      pickupName: child.pickupName,
      absenceNotice: child.absenceNotice,
      absentWithoutNotice: child.absentWithoutNotice,
      authorised: child.authorised,
      mayLeaveAlone: child.mayLeaveAlone,
      overrides: child.overrides.map((o) => o.personName),
      entries: mine.map(({ entryId, action, at, pickupKind = null, pickupName = null }) => ({ entryId, action, at, pickupKind, pickupName })),
    },
    lang,
  );
  const last = ofDay.filter((e) => e.state !== 'pending').at(-1);
  const waitingOutcome = outcomes.filter((_, i) => mine[i]?.state === 'pending').at(-1);
  return {
    child,
    arrivedAt,
    leftAt,
    pickupKind,
    pickupName,
    notice: absenceNotice,
    flagged: absentWithoutNotice,
    waiting: ofDay.some((e) => e.state === 'pending'),
    refused: last?.state === 'rejected' ? (last.message ?? last.code) : null,
    willRefuse: waitingOutcome?.outcome === 'rejected' && waitingOutcome.code ? messageNow(core, waitingOutcome.code, lang) : null,
  };
}

/** The day to show of a week: today when the week holds it, else its nearest day. */
export function dayOfWeek(today: string, start: string, end: string): string {
  if (today < start) return start;
  return today > end ? end : today;
}
