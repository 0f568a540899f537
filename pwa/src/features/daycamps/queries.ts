// Day camps: the one query-key factory and the read hooks (GET /api/day-camp-programs,
// /api/day-camp-weeks, the parent's own registrations, the admin's weeks and children).
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { Schemas } from '../../api/types';

/** GET /api/day-camp-programs. `features` are keys translated as `daycamps:features.<key>`; `name`
 * is in the request's language (the page prefers `daycamps:programs.<id>.name`). */
export type Program = Schemas['ProgramDto'];

/** GET /api/day-camp-weeks?programId=X. Dates are the centre's calendar days, 'YYYY-MM-DD'. */
export type Week = Schemas['WeekDto'];

/** A registration as its parent sees it (no medical data). */
export type MyDayCampRegistration = Schemas['UserCampRegistrationDto'];

/** GET /api/admin/day-camps */
export type AdminOverview = Schemas['AdminOverviewDto'];

/** A child of a week, as the camp staff need it (admins only). `childGender`: 'girl', 'boy',
 * 'other' (the form's choices, translated as `daycamps:form.gender.<value>`) or null. */
export type AdminChild = Schemas['AdminChildDto'];

export const dayCampKeys = {
  /** GET /api/day-camp-programs */
  programs: ['api', 'day-camp-programs'] as const,
  /** Prefix of every week list. */
  weeks: ['api', 'day-camp-weeks'] as const,
  /** GET /api/day-camp-weeks?programId=X */
  weeksOf: (programId: string) => ['api', 'day-camp-weeks', programId] as const,
  /** GET /api/user/day-camp-registrations (under ['api', 'user'], which registration changes invalidate). */
  mine: ['api', 'user', 'day-camp-registrations'] as const,
  /** GET /api/user/day-camp-registrations/{id} */
  mineOne: (id: number | string) => ['api', 'user', 'day-camp-registrations', String(id)] as const,
  /** Prefix of the admin's day-camp data. */
  admin: ['api', 'admin', 'day-camps'] as const,
  /** GET /api/admin/day-camp-weeks/{weekId}/registrations */
  adminWeek: (weekId: number) => ['api', 'admin', 'day-camps', 'week', weekId] as const,
};

/** The RL-24 workbook of a year (admins). */
export const rl24Workbook = (year: number) => `/api/admin/rl24.xlsx?year=${year}`;
/** The RL-24 printable statements of a year, in the page's language (admins). */
export const rl24Statements = (year: number, lang: string) => `/api/admin/rl24/${year}/statements?lang=${lang === 'en' ? 'en' : 'fr'}`;

export function usePrograms() {
  return useQuery({ queryKey: dayCampKeys.programs, queryFn: () => apiFetch<Program[]>('/api/day-camp-programs') });
}

export function useWeeks(programId: string) {
  return useQuery({
    queryKey: dayCampKeys.weeksOf(programId),
    queryFn: () => apiFetch<Week[]>(`/api/day-camp-weeks?programId=${encodeURIComponent(programId)}`),
    enabled: programId !== '',
  });
}

/** The signed-in parent's registrations; runs only when signed in. */
export function useMyDayCampRegistrations(enabled: boolean) {
  return useQuery({
    queryKey: dayCampKeys.mine,
    queryFn: () => apiFetch<MyDayCampRegistration[]>('/api/user/day-camp-registrations'),
    enabled,
  });
}

/** One of the signed-in parent's registrations (what /checkout checks its query against). */
export function useMyDayCampRegistration(id: string, enabled: boolean) {
  return useQuery({
    queryKey: dayCampKeys.mineOne(id),
    queryFn: () => apiFetch<MyDayCampRegistration>(`/api/user/day-camp-registrations/${encodeURIComponent(id)}`),
    enabled,
  });
}

export function useAdminDayCamps() {
  return useQuery({ queryKey: dayCampKeys.admin, queryFn: () => apiFetch<AdminOverview>('/api/admin/day-camps') });
}

export function useAdminWeekChildren(weekId: number | null) {
  return useQuery({
    queryKey: dayCampKeys.adminWeek(weekId ?? 0),
    queryFn: () => apiFetch<AdminChild[]>(`/api/admin/day-camp-weeks/${weekId}/registrations`),
    enabled: weekId !== null,
  });
}
