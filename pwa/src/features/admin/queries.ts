// The console's people: admin, supervisor and camp-staff grants, and every member.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { Role, Schemas } from '../../api/types';

export type Grant = Schemas['GrantDto'];

type Member = Schemas['MemberDto'];

/** GET /api/admin/users lists admins; /api/admin/supervisors supervisors; /api/admin/camp-staff
 *  the camp staff. */
export const grantPath: Record<Role, string> = {
  admin: '/api/admin/users',
  supervisor: '/api/admin/supervisors',
  camp_staff: '/api/admin/camp-staff',
};

/** Each role's tab, and the section of the 'admin' texts that names its list and actions. */
export const grantSection: Record<Role, 'admins' | 'supervisors' | 'campStaff'> = {
  admin: 'admins',
  supervisor: 'supervisors',
  camp_staff: 'campStaff',
};

export const adminKeys = {
  grants: (role: Role) => ['api', 'admin', 'grants', role] as const,
  members: ['api', 'admin', 'all-users'] as const,
};

export function useGrants(role: Role) {
  return useQuery({ queryKey: adminKeys.grants(role), queryFn: () => apiFetch<Grant[]>(grantPath[role]) });
}

export function useMembers() {
  return useQuery({ queryKey: adminKeys.members, queryFn: () => apiFetch<Member[]>('/api/admin/all-users') });
}

/** 'First Last', or the e-mail when the person has no name yet ('—' with neither). */
export function displayName(person: { firstName: string | null; lastName: string | null; email: string | null }): string {
  const name = [person.firstName, person.lastName].filter((part) => part && part.trim()).join(' ');
  return name || person.email || '—';
}
