// Court reservations: one mutation hook per action (see src/api/README.md). Each refreshes every
// list the change shows up in (availability, the member's bookings, the console) and shows a
// translated toast: the server's message on failure when it sent one.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, apiFetch } from '../../api/client';
import type { Body, Schemas } from '../../api/types';
import { useApiMutation } from '../../api/mutations';
import { courtKeys, type CourtBooking } from './queries';

/** What the reservation page sends: the court, the contact and the slot's times, plus the players,
 * the ball rental and the comments. */
export type BookingInput = Body<
  Schemas['CourtBookingInput'],
  {
    courtId: number;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    /** UTC ISO instants, exactly one slot apart. */
    startTime: string;
    endTime: string;
    players: number;
    ballRental: boolean;
    comments: string;
  }
>;

const bookingLists = [courtKeys.availability, courtKeys.mine, courtKeys.admin];

export function useBookCourt(options: { onSuccess?: (booking: CourtBooking) => void; onError?: (error: unknown) => void } = {}) {
  const { t } = useTranslation('courts');
  const queryClient = useQueryClient();
  return useApiMutation<BookingInput, CourtBooking>({
    mutationFn: (input) => apiFetch<CourtBooking>('/api/courts/book', { method: 'POST', body: input }),
    invalidates: bookingLists,
    success: () => ({ title: t('toast.booked'), description: t('toast.bookedText') }),
    failure: { title: t('toast.bookError'), description: t('toast.bookErrorText') },
    // Someone booked the slot first: the page shows the day's other free slots, not an error.
    quietWhen: slotJustTaken,
    onSuccess: options.onSuccess,
    onError: (error) => {
      // The slot may have gone to someone else: show the day as it is now.
      void queryClient.invalidateQueries({ queryKey: courtKeys.availability });
      options.onError?.(error);
    },
  });
}

function useCancel(path: (id: number) => string) {
  const { t } = useTranslation('courts');
  return useApiMutation<number, CourtBooking>({
    mutationFn: (id) => apiFetch<CourtBooking>(path(id), { method: 'DELETE' }),
    invalidates: bookingLists,
    success: () => ({ title: t('toast.cancelled') }),
    failure: { title: t('toast.cancelError'), description: t('toast.cancelErrorText') },
  });
}

/** The member cancels one of their future bookings. */
export function useCancelMyBooking() {
  return useCancel((id) => `/api/user/court-bookings/${id}`);
}

/** An admin cancels a confirmed booking from the console. */
export function useCancelBooking() {
  return useCancel((id) => `/api/admin/bookings/${id}`);
}

/** Waits for a taken slot: when its booking is cancelled, everyone waiting is e-mailed at once
 * and the first to book it wins. */
export function useJoinSlotWaitlist() {
  const { t } = useTranslation('courts');
  return useApiMutation<{ courtId: number; startTime: string }, unknown>({
    mutationFn: (slot) => apiFetch<unknown>('/api/courts/waitlist', { method: 'POST', body: slot }),
    invalidates: [['api', 'user'] as const],
    success: () => ({ title: t('waitlist.joined'), description: t('waitlist.joinedText') }),
    failure: { title: t('toast.bookError'), description: t('toast.bookErrorText') },
  });
}

/** The slot went to someone else between choosing it and booking it. */
export function slotJustTaken(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'slot_taken';
}
