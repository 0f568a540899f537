// Day camps: one mutation hook per action (see src/api/README.md). Each invalidates what it
// changed and shows a translated toast: the server's message on failure when it sent one, else
// the action's default text.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/client';
import type { Body, PaymentStatus, Schemas } from '../../api/types';
import { downloadExport } from '../../api/download';
import { useApiMutation } from '../../api/mutations';
import { paymentChangeToast, type PaymentTarget } from '../../components/PaymentActions';
import { paymentKeys } from '../payments/queries';
import { registrationKeys } from '../registrations/queries';
import { dayCampKeys, type MyDayCampRegistration } from './queries';

/** What the page sends: the child, the parent, the health form and consent, the RL-24 payers,
 * plus `programId` and `weekIds` (several weeks). */
export type DayCampRegistrationInput = Body<
  Schemas['DayCampRegistrationBody'],
  {
    programId: string;
    weekIds: string[];
    childFirstName: string;
    childLastName: string;
    childBirthDate: string;
    /** '' when not given. */
    childGender: string;
    parentName: string;
    parentEmail: string;
    parentPhone: string;
    /** The health form (see health/values.ts). */
    healthForm: NonNullable<Schemas['DayCampRegistrationBody']['healthForm']>;
    healthConsent: boolean;
    healthConsentVersion: string;
    /** The RL-24 payers (see payers/values.ts). */
    payers: NonNullable<Schemas['DayCampRegistrationBody']['payers']>;
  }
>;

/** The answer: the registration's `id` and `amountPaid` (the dollars due, nothing paid yet),
 * and the Interac reference. */
type DayCampRegistered = Schemas['RegisteredDto'];

/** Every list a registration shows up in: the weeks' places, the parent's, the admin's, and the
 * console's payments view (features/payments). */
const registrationLists = [dayCampKeys.weeks, registrationKeys.all, dayCampKeys.admin, paymentKeys.overview];

export function useRegisterDayCamp(options: { onSuccess?: (r: DayCampRegistered) => void; onError?: (error: unknown) => void } = {}) {
  const { t } = useTranslation('daycamps');
  const queryClient = useQueryClient();
  return useApiMutation<DayCampRegistrationInput, DayCampRegistered>({
    mutationFn: (input) => apiFetch<DayCampRegistered>('/api/day-camp-registrations', { method: 'POST', body: input }),
    invalidates: registrationLists,
    success: () => ({ title: t('dayCamps.registration.success.title'), description: t('dayCamps.registration.success.description') }),
    failure: { title: t('dayCamps.registration.error.title'), description: t('dayCamps.registration.error.description') },
    onSuccess: options.onSuccess,
    onError: (error) => {
      // A full week means the places shown were out of date.
      void queryClient.invalidateQueries({ queryKey: dayCampKeys.weeks });
      options.onError?.(error);
    },
  });
}

/** The answer to joining a waiting list: the entry and its rank. */
type WaitlistEntry = Schemas['WaitlistEntryDto'];

/** Joins a full week's waiting list with the whole form (accepting an offer registers it). */
export function useJoinWeekWaitlist(options: { onSuccess?: (e: WaitlistEntry) => void; onError?: (error: unknown) => void } = {}) {
  const { t } = useTranslation('daycamps');
  return useApiMutation<DayCampRegistrationInput, WaitlistEntry>({
    mutationFn: (input) => apiFetch<WaitlistEntry>('/api/day-camp-waitlist', { method: 'POST', body: input }),
    invalidates: [registrationKeys.all],
    success: (e) => ({ title: t('waitlist.joined', { rank: e.rank ?? 1 }) }),
    failure: { title: t('dayCamps.registration.error.title'), description: t('dayCamps.registration.error.description') },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}

/** The Interac follow-up, as for events: paid, back to pending, refunded
 * (the weeks given back), or an expired registration restored or paid late. */
export function useSetDayCampPayment() {
  const { t } = useTranslation('daycamps');
  const { t: tp } = useTranslation('admin');
  return useApiMutation<{ id: number; paymentStatus: PaymentTarget; from: PaymentStatus }, MyDayCampRegistration>({
    mutationFn: ({ id, paymentStatus }) =>
      apiFetch<MyDayCampRegistration>(`/api/admin/day-camp-registrations/${id}/payment`, { method: 'PUT', body: { paymentStatus } }),
    invalidates: registrationLists,
    success: (_, { from, paymentStatus }) => ({ title: tp(paymentChangeToast(from, paymentStatus)) }),
    failure: { title: t('admin.toast.error'), description: t('admin.toast.paymentError') },
  });
}

/** Downloads one week's children as xlsx (built by the server); the toast gives the row count. */
export function useExportDayCampWeek() {
  const { t } = useTranslation('daycamps');
  return useApiMutation<number, { fileName: string; rows: number }>({
    mutationFn: (weekId) => downloadExport(`/api/admin/day-camp-weeks/${weekId}/registrations.xlsx`, `camp_de_jour_${weekId}.xlsx`),
    invalidates: [],
    success: ({ rows }) => ({ title: t('admin.toast.exported'), description: t('admin.toast.exportedRows', { count: rows }) }),
    failure: { title: t('admin.toast.exportError'), description: t('admin.toast.nothingToExport') },
  });
}

/** A program's settings the console edits: its waiting list's offer window (null = 48 h). */
export type ProgramSettingsInput = Body<Schemas['ProgramSettingsInput'], { offerHours: number | string | null }>;

export function useUpdateProgram(options: { onError?: (error: unknown) => void } = {}) {
  const { t } = useTranslation('daycamps');
  return useApiMutation<ProgramSettingsInput & { id: string }, Schemas['ProgramDto']>({
    mutationFn: ({ id, ...input }) =>
      apiFetch<Schemas['ProgramDto']>(`/api/admin/day-camp-programs/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    invalidates: [dayCampKeys.programs, dayCampKeys.admin],
    success: () => ({ title: t('admin.programs.saved') }),
    failure: { title: t('admin.toast.error'), description: t('admin.programs.saveError') },
    onError: options.onError,
  });
}
