// Events: one mutation hook per action (see src/api/README.md). Each invalidates what it
// changed and shows a translated toast: the server's message on failure when it sent one, else
// the action's default text.
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/client';
import type { Body, PaymentStatus, Schemas } from '../../api/types';
import { downloadExport } from '../../api/download';
import { useApiMutation } from '../../api/mutations';
import { paymentChangeToast, type PaymentTarget } from '../../components/PaymentActions';
import { paymentKeys } from '../payments/queries';
import { registrationKeys } from '../registrations/queries';
import { eventKeys, type Event, type Registration } from './queries';

/** Every list a registration change shows up in: events (counters), the admin's, the member's,
 * and the console's payments view (features/payments). */
const registrationLists = [eventKeys.all, eventKeys.admin, registrationKeys.all, paymentKeys.overview];

/** What the team registration form sends: the team's name, the captain and members 2 to 4. */
export type TeamRegistrationInput = Body<
  Schemas['TeamRegistrationInput'],
  {
    teamName: string;
    captainFirstName: string;
    captainLastName: string;
    captainEmail: string;
    member2FirstName: string;
    member2LastName: string;
    member2Email: string;
    member3FirstName: string;
    member3LastName: string;
    member3Email: string;
    member4FirstName: string;
    member4LastName: string;
    member4Email: string;
  }
> & { eventId: number };

/** On success the caller goes to /checkout?type=event&id={id}: registering leads to payment. */
export function useRegisterTeam(options: { onSuccess?: (registration: Registration) => void; onError?: (error: unknown) => void } = {}) {
  const { t } = useTranslation('events');
  return useApiMutation<TeamRegistrationInput, Registration>({
    mutationFn: (input) => apiFetch<Registration>(`/api/events/${input.eventId}/register`, { method: 'POST', body: input }),
    invalidates: registrationLists,
    success: () => ({ title: t('register.success.title'), description: t('register.success.text') }),
    failure: { title: t('register.error.title'), description: t('register.error.text') },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}

/** Joins a full event's waiting list with the team form (accepting an offer registers it). */
export function useJoinEventWaitlist(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const { t } = useTranslation('events');
  return useApiMutation<TeamRegistrationInput, Schemas['WaitlistEntryDto']>({
    mutationFn: (input) => apiFetch<Schemas['WaitlistEntryDto']>(`/api/events/${input.eventId}/waitlist`, { method: 'POST', body: input }),
    invalidates: registrationLists,
    success: (entry) => ({ title: t('register.waitlistJoined', { rank: entry.rank ?? 1 }) }),
    failure: { title: t('register.error.title'), description: t('register.error.text') },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}

/** What the event form sends to POST /api/events and PUT /api/events/{id}; `isActive` only when
 * editing. */
export type EventInput = Body<
  Schemas['EventBody'],
  {
    title: string;
    titleEn: string;
    description: string;
    descriptionEn: string;
    categoryId: Schemas['EventCategory'] | null;
    location: string;
    /** UTC ISO instant. */
    startDate: string;
    endDate: string | null;
    price: number;
    maxParticipants: number | null;
    /** Hours a waiting-list offer holds a place; null = the default (48 h). */
    offerHours: number | string | null;
    isActive?: boolean;
    /** 'À la une': marking it unmarks the event featured until then. */
    featured: boolean;
  }
> & {
  /** Always false; the server accepts the field and ignores it (it always saves false). */
  requiresPayment: false;
};

export function useCreateEvent(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const { t } = useTranslation('events');
  return useApiMutation<EventInput, Event>({
    mutationFn: (input) => apiFetch<Event>('/api/events', { method: 'POST', body: input }),
    invalidates: [eventKeys.all, eventKeys.admin],
    success: () => ({ title: t('admin.toast.created') }),
    failure: { title: t('admin.toast.error'), description: t('admin.toast.createError') },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}

export function useUpdateEvent(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const { t } = useTranslation('events');
  return useApiMutation<EventInput & { id: number }, Event>({
    mutationFn: ({ id, ...input }) => apiFetch<Event>(`/api/events/${id}`, { method: 'PUT', body: input }),
    invalidates: [eventKeys.all, eventKeys.admin, registrationKeys.all],
    success: () => ({ title: t('admin.toast.updated') }),
    failure: { title: t('admin.toast.updateError'), description: t('admin.toast.genericError') },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}

export function useDeleteEvent() {
  const { t } = useTranslation('events');
  return useApiMutation<number, void>({
    mutationFn: (id) => apiFetch<void>(`/api/events/${id}`, { method: 'DELETE' }),
    invalidates: registrationLists,
    success: () => ({ title: t('admin.toast.deleted') }),
    failure: { title: t('admin.toast.deleteError'), description: t('admin.toast.genericError') },
  });
}

export function useDeleteRegistration() {
  const { t } = useTranslation('events');
  return useApiMutation<Registration, void>({
    mutationFn: (registration) => apiFetch<void>(`/api/admin/event-registrations/${registration.id}`, { method: 'DELETE' }),
    invalidates: registrationLists,
    success: (_, registration) => ({
      title: registration.kind === 'team' ? t('admin.toast.teamDeleted') : t('admin.toast.registrationDeleted'),
    }),
    failure: { title: t('admin.toast.deleteError'), description: t('admin.toast.genericError') },
  });
}

/** The Interac follow-up: paid, back to pending, refunded, or an expired
 * registration restored or paid late (its places taken back: the counters change too). */
export function useSetPaymentStatus() {
  const { t } = useTranslation('events');
  const { t: tp } = useTranslation('admin');
  return useApiMutation<{ id: number; paymentStatus: PaymentTarget; from: PaymentStatus }, Registration>({
    mutationFn: ({ id, paymentStatus }) =>
      apiFetch<Registration>(`/api/admin/event-registrations/${id}/payment`, { method: 'PUT', body: { paymentStatus } }),
    invalidates: registrationLists,
    success: (_, { from, paymentStatus }) => ({ title: tp(paymentChangeToast(from, paymentStatus)) }),
    failure: { title: t('admin.toast.paymentError'), description: t('admin.toast.genericError') },
  });
}

/** Downloads the event's registrations as xlsx (built by the server); the toast gives the row count. */
export function useExportRegistrations() {
  const { t } = useTranslation('events');
  return useApiMutation<number, { fileName: string; rows: number }>({
    mutationFn: (eventId) => downloadExport(`/api/admin/events/${eventId}/registrations.xlsx`, `inscriptions_${eventId}.xlsx`),
    invalidates: [],
    success: ({ rows }) => ({ title: t('admin.toast.exported'), description: t('admin.toast.exportedRows', { count: rows }) }),
    failure: { title: t('admin.toast.exportError'), description: t('admin.toast.nothingToExport') },
  });
}
