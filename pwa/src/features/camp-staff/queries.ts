// Camp staff ('Animateur'): the counsellor's weeks, a week's children at a glance, one child's
// full record (each opening is logged by the server), a week's day of attendance, and the admins'
// side: every counsellor's weeks, the log of openings, pick-up overrides.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import { offlineFirst } from '../../api/offline';
import type { Schemas } from '../../api/types';
import { attendanceKey } from './attendance/stream';

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

export type AttendanceDay = Schemas['AttendanceDayDto'];
export type ChildAttendance = Schemas['ChildAttendanceDto'];
export type PickupOverride = Schemas['PickupOverrideDto'];

/**
 * GET /api/camp-staff/weeks/{weekId}/attendance?date=: a week's day, kept for offline use (the
 * counsellor records arrivals with no network; the page shows what was last read, plus the phone's
 * waiting entries).
 */
export function useAttendanceDay(weekId: number, date: string) {
  return useQuery(offlineFirst([...attendanceKey, weekId, date], () => apiFetch<AttendanceDay>(`/api/camp-staff/weeks/${weekId}/attendance?date=${date}`)));
}

/** POST /api/admin/camp-attendance/overrides (admins): someone else may take the child that day. */
export function useAddOverride() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['PickupOverrideBody']) => apiFetch<PickupOverride>('/api/admin/camp-attendance/overrides', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKey }),
  });
}
