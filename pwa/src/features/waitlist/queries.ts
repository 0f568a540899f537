// Waiting lists: the one query-key factory and the read hooks (the member's entries and one
// offer, for the acceptance page the offer's e-mail links to).
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { Schemas } from '../../api/types';

/** An entry as its member reads it: rank, what it waits for, its newest offer. */
export type WaitlistEntry = Schemas['WaitlistEntryDto'];
/** What accepting an offer made: the registration and its checkout page. */
export type Accepted = Schemas['AcceptedDto'];

/** A list as the console reads it: its places and the people in line. */
export type AdminWaitlist = Schemas['WaitlistDto'];

export const waitlistKeys = {
  /** GET /api/admin/waitlists */
  admin: ['api', 'admin', 'waitlists'] as const,
  /** GET /api/user/waitlist (under ['api', 'user'], which registration changes invalidate). */
  mine: ['api', 'user', 'waitlist'] as const,
  /** GET /api/user/waitlist/offers/{id} */
  offer: (id: string) => ['api', 'user', 'waitlist', 'offer', id] as const,
};

export function useMyWaitlist(enabled: boolean) {
  return useQuery({ queryKey: waitlistKeys.mine, queryFn: () => apiFetch<WaitlistEntry[]>('/api/user/waitlist'), enabled });
}

export function useAdminWaitlists() {
  return useQuery({ queryKey: waitlistKeys.admin, queryFn: () => apiFetch<AdminWaitlist[]>('/api/admin/waitlists') });
}

export function useOffer(id: string, enabled: boolean) {
  return useQuery({
    queryKey: waitlistKeys.offer(id),
    queryFn: () => apiFetch<WaitlistEntry>(`/api/user/waitlist/offers/${id}`),
    enabled,
  });
}

/** Hours and minutes left until `expiresAt`, from `now` (never below zero). */
export function timeLeft(expiresAt: string, now: number = Date.now()): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
