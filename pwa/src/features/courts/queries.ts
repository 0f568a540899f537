// Court reservations: the one query-key factory and the read hooks. Keys are the API path split
// on '/', with the query string's values as a last object part.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { RegistrationStatus, Schemas } from '../../api/types';

/** A court (its id and names), with its coming season and weekly hours. The page's two cards map
 * onto the first two, in this order. */
export type Court = Schemas['CourtDto'];

/** One slot of a day: the local `time`, its UTC `start` and `end`, and whether it is free. */
export type Slot = Schemas['Slot'];

export type DayStatus = Schemas['DayStatus'];

export type DayAvailability = Schemas['DayAvailability'];

/** A court booking as read back: who booked, the court, start and end, state and payment, notes,
 * players and ball rental. Its `status` is a registration's (`RegistrationStatus`); court use is
 * free, its `paymentStatus` stays `pending`. */
export type CourtBooking = Schemas['BookingDto'];

export type StatusFilter = 'all' | RegistrationStatus;

export interface AdminFilters {
  /** A day 'YYYY-MM-DD', or '' for every day. */
  date: string;
  status: StatusFilter;
}

/** GET /api/admin/bookings: the filtered list (at most 500), how many match, the day's counters. */
type AdminBookings = Schemas['AdminBookingsDto'];

export const courtKeys = {
  /** GET /api/courts; also the prefix of every availability key. */
  courts: ['api', 'courts'] as const,
  /** Prefix of the day and month availability keys. */
  availability: ['api', 'courts', 'availability'] as const,
  /** GET /api/courts/availability?date=&courtId= */
  day: (courtId: number, date: string) => ['api', 'courts', 'availability', { courtId, date }] as const,
  /** GET /api/courts/availability/month?month=&courtId= (every court when courtId is null). */
  month: (courtId: number | null, month: string) => ['api', 'courts', 'availability', 'month', { courtId, month }] as const,
  /** GET /api/user/court-bookings (under ['api', 'user']). */
  mine: ['api', 'user', 'court-bookings'] as const,
  /** GET /api/admin/bookings; also the prefix of every filtered list. */
  admin: ['api', 'admin', 'bookings'] as const,
  adminFiltered: (filters: AdminFilters) => ['api', 'admin', 'bookings', filters] as const,
  /** The catalogue's sentence for a code (core-wasm answers, no request): a past date's, say. */
  coreMessage: (code: string, lang: string) => ['core', 'message', code, lang] as const,
};

function query(params: Record<string, string | number | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function useCourts() {
  return useQuery({ queryKey: courtKeys.courts, queryFn: () => apiFetch<Court[]>('/api/courts') });
}

/** A day's slots of one court; runs once both are chosen. */
export function useDaySlots(courtId: number | null, date: string) {
  return useQuery({
    queryKey: courtKeys.day(courtId ?? 0, date),
    queryFn: () => apiFetch<Slot[]>(`/api/courts/availability${query({ date, courtId })}`),
    enabled: courtId !== null && date !== '',
  });
}

/** Every day of a month for the calendar: one court, or all of them before one is chosen. */
export function useMonthAvailability(courtId: number | null, month: string, enabled = true) {
  return useQuery({
    queryKey: courtKeys.month(courtId, month),
    queryFn: () => apiFetch<DayAvailability[]>(`/api/courts/availability/month${query({ month, courtId })}`),
    enabled,
  });
}

/** The signed-in member's court bookings; runs only when signed in. */
export function useMyCourtBookings(enabled: boolean) {
  return useQuery({
    queryKey: courtKeys.mine,
    queryFn: () => apiFetch<CourtBooking[]>('/api/user/court-bookings'),
    enabled,
  });
}

/** The console's filtered list (admins and supervisors). */
export function useAdminBookings(filters: AdminFilters) {
  return useQuery({
    queryKey: courtKeys.adminFiltered(filters),
    queryFn: () =>
      apiFetch<AdminBookings>(
        `/api/admin/bookings${query({ date: filters.date, status: filters.status === 'all' ? '' : filters.status })}`,
      ),
    // The previous list stays on screen while a new filter loads.
    placeholderData: (previous) => previous,
  });
}
