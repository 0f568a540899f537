// The attendance stream of the one outbox (src/sync/push.ts pushes every kind in the device's
// order): arrivals, departures and absence notices go to the camp staff's push. The app's starter
// registers it for counsellors and admins (src/sync/SyncStarter.tsx).
import type { QueryClient } from '@tanstack/react-query';
import type { Schemas } from '../../../api/types';
import type { AttendanceEntry } from '../../../db/outbox';
import type { Stream } from '../../../sync/push';

export const ATTENDANCE_PATH = '/api/camp-staff/sync/attendance';

/** The day reads every answered entry may change. */
export const attendanceKey = ['api', 'camp-staff', 'attendance'] as const;

/** An entry as the server takes it (the pick-up only for a departure). */
export function wire(entry: AttendanceEntry): Schemas['AttendanceEntryBody'] {
  const { seq, entryId, registrationId, weekId, day, action, at, pickupKind, pickupName } = entry;
  return { seq, entryId, registrationId, weekId, day, action, at, ...(pickupKind ? { pickupKind, pickupName: pickupName ?? null } : {}) };
}

function refresh(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: attendanceKey });
}

export const attendanceStream: Stream<AttendanceEntry> = { kind: 'attendance', path: ATTENDANCE_PATH, wire, refresh };
