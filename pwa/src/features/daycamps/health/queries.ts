// The parent's view of a registration's health form, its change and the consent's withdrawal.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../api/client';
import type { Schemas } from '../../../api/types';
import { useApiMutation } from '../../../api/mutations';
import { dayCampKeys } from '../queries';

export type MyHealthForm = Schemas['MyHealthFormDto'];
export type HealthFormUpdate = Schemas['HealthFormUpdateInput'];

export const healthKeys = {
  /** GET /api/user/day-camp-registrations/{id}/health-form */
  mine: (id: number) => [...dayCampKeys.mineOne(id), 'health-form'] as const,
};

export function useMyHealthForm(id: number, enabled: boolean) {
  return useQuery({
    queryKey: healthKeys.mine(id),
    queryFn: () => apiFetch<MyHealthForm>(`/api/user/day-camp-registrations/${id}/health-form`),
    enabled,
  });
}

export function useSaveHealthForm(id: number, options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const { t } = useTranslation('daycamps');
  return useApiMutation<HealthFormUpdate, MyHealthForm>({
    mutationFn: (body) => apiFetch<MyHealthForm>(`/api/user/day-camp-registrations/${id}/health-form`, { method: 'PUT', body }),
    invalidates: [healthKeys.mine(id)],
    success: () => ({ title: t('health.mine.saved') }),
    failure: { title: t('health.mine.saveError'), description: t('health.mine.saveErrorDescription') },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}

export function useWithdrawHealthConsent(id: number) {
  const { t } = useTranslation('daycamps');
  return useApiMutation<void, MyHealthForm>({
    mutationFn: () => apiFetch<MyHealthForm>(`/api/user/day-camp-registrations/${id}/health-consent`, { method: 'DELETE' }),
    invalidates: [healthKeys.mine(id)],
    success: () => ({ title: t('health.withdraw.done') }),
    failure: { title: t('health.withdraw.error'), description: t('health.mine.saveErrorDescription') },
  });
}
