// Camp staff ('Animateur'): the counsellor's weeks, a week's children at a glance, one child's
// full record (each opening is logged by the server), and the admins' side: every counsellor's
// weeks and the log of openings.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { Schemas } from '../../api/types';

export type CampStaffStatus = Schemas['CampStaffStatus'];
export type CampChild = Schemas['CampChildDto'];
export type CampChildRecord = Schemas['CampChildRecordDto'];
export type StaffWeeks = Schemas['StaffWeeksDto'];
export type RecordView = Schemas['RecordViewDto'];

export const campStaffKeys = {
  /** GET /api/camp-staff/weeks/{weekId}/children */
  week: (weekId: number) => ['api', 'camp-staff', 'week', weekId] as const,
  /** GET /api/camp-staff/children/{id}: never kept, and asked again at each opening (logged). */
  record: (id: number) => ['api', 'camp-staff', 'child', id] as const,
  /** GET /api/admin/camp-staff-weeks */
  assignments: ['api', 'admin', 'camp-staff-weeks'] as const,
  /** GET /api/admin/child-record-views */
  views: ['api', 'admin', 'child-record-views'] as const,
};

export function useWeekChildren(weekId: number | null) {
  return useQuery({
    queryKey: campStaffKeys.week(weekId ?? 0),
    queryFn: () => apiFetch<CampChild[]>(`/api/camp-staff/weeks/${weekId}/children`),
    enabled: weekId !== null,
  });
}

/** A child's full record while its dialog is open; health data is not kept once it closes. */
export function useChildRecord(id: number | null) {
  return useQuery({
    queryKey: campStaffKeys.record(id ?? 0),
    queryFn: () => apiFetch<CampChildRecord>(`/api/camp-staff/children/${id}`),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export function useStaffWeeks() {
  return useQuery({ queryKey: campStaffKeys.assignments, queryFn: () => apiFetch<StaffWeeks[]>('/api/admin/camp-staff-weeks') });
}

export function useRecordViews() {
  return useQuery({ queryKey: campStaffKeys.views, queryFn: () => apiFetch<RecordView[]>('/api/admin/child-record-views') });
}
