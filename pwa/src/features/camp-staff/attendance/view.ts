// What the counsellor sees of a child's day: the server's last answer (kept for offline use)
// with this phone's entries on top, waiting or answered, so an arrival tapped with no network
// shows at once and survives a reload. The server stays the truth: an entry it refused shows
// its reason and changes nothing.
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
}

/** The child's day, given this phone's entries of the week (in their order). */
export function childView(child: ChildAttendance, day: string, entries: AttendanceEntry[]): ChildView {
  const mine = entries.filter((e) => e.registrationId === child.registrationId && e.day === day && e.state !== 'rejected' && e.state !== 'duplicate');
  const arrival = mine.find((e) => e.action === 'arrival');
  const departure = mine.find((e) => e.action === 'departure');
  const absence = mine.find((e) => e.action === 'absence');
  const answered = entries.filter((e) => e.registrationId === child.registrationId && e.day === day && e.state !== 'pending');
  const last = answered.at(-1);
  const arrivedAt = child.arrivedAt ?? arrival?.at ?? null;
  const left = child.leftAt ? null : departure;
  return {
    child,
    arrivedAt,
    leftAt: child.leftAt ?? departure?.at ?? null,
    pickupKind: child.pickupKind ?? left?.pickupKind ?? null,
    pickupName: child.pickupName ?? left?.pickupName ?? null,
    notice: child.absenceNotice || absence !== undefined,
    flagged: child.absentWithoutNotice && !arrival && !absence,
    waiting: entries.some((e) => e.registrationId === child.registrationId && e.day === day && e.state === 'pending'),
    refused: last?.state === 'rejected' ? (last.message ?? last.code) : null,
  };
}

/** The day to show of a week: today when the week holds it, else its nearest day. */
export function dayOfWeek(today: string, start: string, end: string): string {
  if (today < start) return start;
  return today > end ? end : today;
}
