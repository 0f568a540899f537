// Privacy (Loi 25): the published person in charge, a member's own deletion requests, and the
// console's deletion queue, incidents register and retention periods.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { Schemas } from '../../api/types';

export type PrivacyOfficer = Schemas['PrivacyOfficerDto'];
export type MyDeletionRequest = Schemas['MyDeletionRequestDto'];
export type DeletionRequest = Schemas['DeletionRequestDto'];
export type Incident = Schemas['IncidentDto'];
export type IncidentInput = Schemas['IncidentInput'];
export type PrivacyOfficerInput = Schemas['PrivacyOfficerInput'];
export type Retention = Schemas['RetentionDto'];
export type RetentionInput = Schemas['RetentionInput'];

export const privacyKeys = {
  officer: ['api', 'privacy'] as const,
  mine: ['api', 'user', 'deletion-requests'] as const,
  queue: ['api', 'admin', 'deletion-requests'] as const,
  incidents: ['api', 'admin', 'privacy-incidents'] as const,
  retention: ['api', 'admin', 'privacy-retention'] as const,
};

/** The files of 'Mes données': the JSON download and the readable page in `lang`. */
export const MY_DATA_JSON = '/api/user/my-data';
export const myDataPage = (lang: string) => `/api/user/my-data.html?lang=${lang === 'en' ? 'en' : 'fr'}`;

export function usePrivacyOfficer() {
  return useQuery({ queryKey: privacyKeys.officer, queryFn: () => apiFetch<PrivacyOfficer>('/api/privacy') });
}

export function useMyDeletionRequests(enabled: boolean) {
  return useQuery({
    queryKey: privacyKeys.mine,
    queryFn: () => apiFetch<MyDeletionRequest[]>('/api/user/deletion-requests'),
    enabled,
  });
}

export function useDeletionQueue() {
  return useQuery({ queryKey: privacyKeys.queue, queryFn: () => apiFetch<DeletionRequest[]>('/api/admin/deletion-requests') });
}

export function useIncidents() {
  return useQuery({ queryKey: privacyKeys.incidents, queryFn: () => apiFetch<Incident[]>('/api/admin/privacy-incidents') });
}

export function useRetention() {
  return useQuery({ queryKey: privacyKeys.retention, queryFn: () => apiFetch<Retention>('/api/admin/privacy-retention') });
}
