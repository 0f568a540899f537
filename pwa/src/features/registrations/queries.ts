// The signed-in member's own registrations: one query-key factory and the read hooks.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { PaymentStatus } from '../../components/PaymentBadge';
import { useCurrentUser } from '../auth/queries';

/** One row of GET /api/user/registrations (spec section 3, user view). */
export interface UserRegistration {
  id: number;
  eventId: number;
  eventTitle: string;
  eventTitleEn?: string | null;
  eventStartDate: string;
  teamName: string | null;
  teamNumber: number | null;
  status: string;
  paymentStatus: PaymentStatus;
  registrationDate: string;
  /** The event started before today (centre time zone). */
  isPast?: boolean;
}

export const registrationKeys = {
  /** Prefix of every key of the signed-in member's registrations. */
  all: ['api', 'user'] as const,
  /** GET /api/user/registrations */
  mine: ['api', 'user', 'registrations'] as const,
};

/** Runs only when a member is signed in (spec section 7). */
export function useMyRegistrations() {
  const { isSignedIn } = useCurrentUser();
  return useQuery({
    queryKey: registrationKeys.mine,
    queryFn: () => apiFetch<UserRegistration[]>('/api/user/registrations'),
    enabled: isSignedIn,
  });
}
