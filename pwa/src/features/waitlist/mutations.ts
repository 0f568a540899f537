// Waiting lists: one mutation hook per action. Each invalidates the member's lists (entries,
// registrations) and shows a translated toast.
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/client';
import { useApiMutation } from '../../api/mutations';
import type { Accepted } from './queries';

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
