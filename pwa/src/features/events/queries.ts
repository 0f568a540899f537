// Events: the one query-key factory and the read hooks. Other areas (landing, member home)
// read events through these hooks only.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import { offlineFirst } from '../../api/offline';
import type { Schemas } from '../../api/types';

/** An event as the API answers it; dates are UTC ISO strings, `price` is per person in CAD dollars. */
export type Event = Schemas['EventDto'];

/**
 * The categories an event may have, in the filters' order: the contract's `EventCategory` (core's
 * list; the server accepts these only). None shows 'EVENT'.
 */
export const EVENT_CATEGORIES = ['wakeride', 'volleyball', 'camping', 'formation'] as const satisfies readonly Schemas['EventCategory'][];

/** `tsc` fails here when the contract has a category the list above lacks. */
export type EventCategoriesComplete = True<
  [Exclude<Schemas['EventCategory'], (typeof EVENT_CATEGORIES)[number]>] extends [never] ? true : false
>;
type True<T extends true> = T;

/** An event in the admin's list: every event, with its number of registrations. */
export type AdminEvent = Schemas['AdminEventDto'];

/** A registration as the admin reads it, plus the Interac follow-up. */
export type Registration = Schemas['RegistrationDto'];

/** The member's view of one of their registrations (GET /api/user/event-registrations). */
export type UserEventRegistration = Schemas['UserEventRegistrationDto'];

/** Members 2 to 6 of a registration that have a first or last name. */
export function namedMembers(r: Registration, upTo = 6): { n: number; firstName: string; lastName: string; email: string | null }[] {
  const members = [
    [2, r.member2FirstName, r.member2LastName, r.member2Email],
    [3, r.member3FirstName, r.member3LastName, r.member3Email],
    [4, r.member4FirstName, r.member4LastName, r.member4Email],
    [5, r.member5FirstName, r.member5LastName, r.member5Email],
    [6, r.member6FirstName, r.member6LastName, r.member6Email],
  ] as const;
  return members
    .filter(([n, first, last]) => n <= upTo && (first || last))
    .map(([n, first, last, email]) => ({ n, firstName: first ?? '', lastName: last ?? '', email }));
}

export const eventKeys = {
  /** GET /api/events; also the prefix of every event key. */
  all: ['api', 'events'] as const,
  /** GET /api/events/{id} */
  detail: (id: number | string) => ['api', 'events', String(id)] as const,
  /** GET /api/admin/events; also the prefix of the admin's registration lists. */
  admin: ['api', 'admin', 'events'] as const,
  /** GET /api/admin/events/{id}/registrations */
  registrations: (eventId: number | string) => ['api', 'admin', 'events', String(eventId), 'registrations'] as const,
  /** GET /api/user/event-registrations (under ['api', 'user'], which registration changes
   * invalidate). */
  mine: ['api', 'user', 'event-registrations'] as const,
  /** GET /api/user/event-registrations/{id}: one of them, with what to pay (checkoutQuery.ts). */
  mineOne: (id: number | string) => ['api', 'user', 'event-registrations', String(id)] as const,
};

/** Active events starting today or later (centre time zone), soonest first. */
export function useEvents() {
  return useQuery({ queryKey: eventKeys.all, queryFn: () => apiFetch<Event[]>('/api/events') });
}

/** One event (the event page; kept for offline use). */
export function useEvent(id: number | string) {
  return useQuery(offlineFirst(eventKeys.detail(id), () => apiFetch<Event>(`/api/events/${id}`)));
}

/** Every event with its registration count (admins; kept for the Tournois tab offline). */
export function useAdminEvents() {
  return useQuery(offlineFirst(eventKeys.admin, () => apiFetch<AdminEvent[]>('/api/admin/events')));
}

/** An event's registrations (admins); loads when `enabled` (the panel is open). */
export function useEventRegistrations(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.registrations(eventId),
    queryFn: () => apiFetch<Registration[]>(`/api/admin/events/${eventId}/registrations`),
    enabled,
  });
}

/** The signed-in member's event registrations; runs only when signed in. */
export function useMyEventRegistrations(enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.mine,
    queryFn: () => apiFetch<UserEventRegistration[]>('/api/user/event-registrations'),
    enabled,
  });
}
