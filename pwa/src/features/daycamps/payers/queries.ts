// The parent's view of a registration's RL-24 payers and its change (the SIN shown masked only).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../api/client';
import type { Schemas } from '../../../api/types';
import { useApiMutation } from '../../../api/mutations';
import { dayCampKeys } from '../queries';

export type MyPayers = Schemas['MyPayersDto'];
export type PayersUpdate = Schemas['PayersUpdateInput'];

export const payerKeys = {
  /** GET /api/user/day-camp-registrations/{id}/payers */
  mine: (id: number) => [...dayCampKeys.mineOne(id), 'payers'] as const,
};

export function useMyPayers(id: number, enabled: boolean) {
  return useQuery({
    queryKey: payerKeys.mine(id),
    queryFn: () => apiFetch<MyPayers>(`/api/user/day-camp-registrations/${id}/payers`),
    enabled,
  });
}

export function useSavePayers(id: number, options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const { t } = useTranslation('daycamps');
  return useApiMutation<PayersUpdate, MyPayers>({
    mutationFn: (body) => apiFetch<MyPayers>(`/api/user/day-camp-registrations/${id}/payers`, { method: 'PUT', body }),
    invalidates: [payerKeys.mine(id)],
    success: () => ({ title: t('payers.mine.saved') }),
    failure: { title: t('payers.mine.saveError'), description: t('payers.mine.saveErrorDescription') },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
