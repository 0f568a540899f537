// One mutation hook per privacy action, each refreshing what it changed and saying so.
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/client';
import { useApiMutation } from '../../api/mutations';
import type { DeletionOutcome } from '../../api/types';
import {
  privacyKeys,
  type DeletionRequest,
  type Incident,
  type IncidentInput,
  type MyDeletionRequest,
  type PrivacyOfficer,
  type PrivacyOfficerInput,
  type Retention,
  type RetentionInput,
} from './queries';

export function useSaveOfficer() {
  const { t } = useTranslation('privacy');
  return useApiMutation<PrivacyOfficerInput, PrivacyOfficer>({
    mutationFn: (body) => apiFetch<PrivacyOfficer>('/api/admin/privacy', { method: 'PUT', body }),
    invalidates: [privacyKeys.officer],
    success: () => ({ title: t('console.officer.saved') }),
    failure: { title: t('errors.title'), description: t('errors.save') },
  });
}

export function useRequestDeletion() {
  const { t } = useTranslation('privacy');
  return useApiMutation<void, MyDeletionRequest>({
    mutationFn: () => apiFetch<MyDeletionRequest>('/api/user/deletion-requests', { method: 'POST', body: {} }),
    invalidates: [privacyKeys.mine],
    success: () => ({ title: t('myData.deletion.sent') }),
    failure: { title: t('errors.title'), description: t('errors.save') },
  });
}

export function useAnswerDeletion() {
  const { t } = useTranslation('privacy');
  return useApiMutation<{ id: number; outcome: DeletionOutcome; note: string }, DeletionRequest>({
    mutationFn: ({ id, ...body }) => apiFetch<DeletionRequest>(`/api/admin/deletion-requests/${id}/answer`, { method: 'POST', body }),
    invalidates: [privacyKeys.queue],
    success: (row) => ({ title: t(`console.queue.answered.${row.status}`) }),
    failure: { title: t('errors.title'), description: t('errors.save') },
  });
}

export function useSaveIncident() {
  const { t } = useTranslation('privacy');
  return useApiMutation<{ id: number | null; body: IncidentInput }, Incident>({
    mutationFn: ({ id, body }) =>
      apiFetch<Incident>(id === null ? '/api/admin/privacy-incidents' : `/api/admin/privacy-incidents/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    invalidates: [privacyKeys.incidents],
    success: () => ({ title: t('console.incidents.saved') }),
    failure: { title: t('errors.title'), description: t('errors.save') },
  });
}

export function useSaveRetention() {
  const { t } = useTranslation('privacy');
  return useApiMutation<RetentionInput, Retention>({
    mutationFn: (body) => apiFetch<Retention>('/api/admin/privacy-retention', { method: 'PUT', body }),
    invalidates: [privacyKeys.retention],
    success: () => ({ title: t('console.retention.saved') }),
    failure: { title: t('errors.title'), description: t('errors.save') },
  });
}
