// Waiting lists: one mutation hook per action. Each invalidates the member's lists (entries,
// registrations) and shows a translated toast.
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/client';
import { useApiMutation } from '../../api/mutations';
import { waitlistKeys, type Accepted } from './queries';

/** Everything of the member's: entries, offers, registrations (['api', 'user']). */
const mine = [['api', 'user'] as const];

export function useAcceptOffer(options: { onSuccess?: (a: Accepted) => void } = {}) {
  const { t } = useTranslation('waitlist');
  return useApiMutation<number, Accepted>({
    mutationFn: (id) => apiFetch<Accepted>(`/api/user/waitlist/offers/${id}/accept`, { method: 'POST' }),
    invalidates: mine,
    success: () => ({ title: t('toast.accepted') }),
    failure: { title: t('toast.error'), description: t('toast.errorText') },
    onSuccess: options.onSuccess,
  });
}

export function useDeclineOffer() {
  const { t } = useTranslation('waitlist');
  return useApiMutation<number, void>({
    mutationFn: (id) => apiFetch<void>(`/api/user/waitlist/offers/${id}/decline`, { method: 'POST' }),
    invalidates: mine,
    success: () => ({ title: t('toast.declined') }),
    failure: { title: t('toast.error'), description: t('toast.errorText') },
  });
}

export function useLeaveWaitlist() {
  const { t } = useTranslation('waitlist');
  return useApiMutation<number, void>({
    mutationFn: (id) => apiFetch<void>(`/api/user/waitlist/${id}`, { method: 'DELETE' }),
    invalidates: mine,
    success: () => ({ title: t('toast.left') }),
    failure: { title: t('toast.error'), description: t('toast.errorText') },
  });
}

/** The console's lists, and the public counts a held place changes. */
const consoleLists = [waitlistKeys.admin, ['api', 'day-camp-weeks'] as const, ['api', 'events'] as const];

export function useMoveEntry() {
  const { t } = useTranslation('waitlist');
  return useApiMutation<{ id: number; rank: number }, void>({
    mutationFn: ({ id, rank }) => apiFetch<void>(`/api/admin/waitlist-entries/${id}/rank`, { method: 'PUT', body: { rank } }),
    invalidates: consoleLists,
    success: () => ({ title: t('admin.toast.moved') }),
    failure: { title: t('toast.error'), description: t('toast.errorText') },
  });
}

export function useOfferByHand() {
  const { t } = useTranslation('waitlist');
  return useApiMutation<number, unknown>({
    mutationFn: (id) => apiFetch<unknown>(`/api/admin/waitlist-entries/${id}/offer`, { method: 'POST' }),
    invalidates: consoleLists,
    success: () => ({ title: t('admin.toast.offered') }),
    failure: { title: t('toast.error'), description: t('toast.errorText') },
  });
}

export function useCloseWaitlist() {
  const { t } = useTranslation('waitlist');
  return useApiMutation<{ eventId?: number | null; programId?: string | null; weekId?: number | null }, void>({
    mutationFn: (target) => apiFetch<void>('/api/admin/waitlists/close', { method: 'POST', body: target }),
    invalidates: consoleLists,
    success: () => ({ title: t('admin.toast.closed') }),
    failure: { title: t('toast.error'), description: t('toast.errorText') },
  });
}
