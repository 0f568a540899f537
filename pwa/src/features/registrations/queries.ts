// The signed-in member's own registrations: one query-key factory and the read hooks.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { Schemas } from '../../api/types';
import { useCurrentUser } from '../auth/session';

/** One row of GET /api/user/registrations (the member's own): the fields the home reads. */
export type UserRegistration = Pick<
  Schemas['UserEventRegistrationDto'],
  | 'id'
  | 'eventId'
  | 'eventTitle'
  | 'eventTitleEn'
  | 'eventStartDate'
  | 'teamName'
  | 'teamNumber'
  | 'status'
  | 'paymentStatus'
  | 'registrationDate'
  | 'isPast'
>;

export const registrationKeys = {
  /** Prefix of every key of the signed-in member's registrations. */
  all: ['api', 'user'] as const,
  /** GET /api/user/registrations */
  mine: ['api', 'user', 'registrations'] as const,
};

/** Runs only when a member is signed in: a visitor would get a 401. */
export function useMyRegistrations() {
  const { isSignedIn } = useCurrentUser();
  return useQuery({
    queryKey: registrationKeys.mine,
    queryFn: () => apiFetch<UserRegistration[]>('/api/user/registrations'),
    enabled: isSignedIn,
  });
}
