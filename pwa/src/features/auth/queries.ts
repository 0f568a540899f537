// The sign-in status as the API answers it. GET /api/auth/user answers the user, or `null` when
// signed out (a 200 either way, so a visitor's page logs no failed request in the console); the
// three status calls (admin, supervisor, camp staff) run only when signed in and are never retried. All three
// answer their last copy with no network, so an admin stays one offline; a `null` answer
// forgets everything kept (api/offline.ts). Only SessionCheck.tsx runs these queries: every
// component reads who is signed in from session.tsx.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../api/client';
import { offlineFirst } from '../../api/offline';
import type { Schemas } from '../../api/types';
import type { User } from './session';

export const authKeys = {
  user: ['api', 'auth', 'user'] as const,
  adminStatus: ['api', 'admin', 'status'] as const,
  supervisorStatus: ['api', 'supervisor', 'status'] as const,
  campStaffStatus: ['api', 'camp-staff', 'status'] as const,
};

export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return (await apiFetch<User | null>('/api/auth/user')) ?? null;
  } catch (error) {
    // A server from before `null` answered 401 when signed out.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The user and their roles. `userLoading` while the status is unknown, `rolesLoading` until
 * every status call answered; a failed status call counts as "no such role".
 */
export function useSessionQueries() {
  const user = useQuery(offlineFirst(authKeys.user, fetchCurrentUser, true));
  const enabled = !!user.data;
  const admin = useQuery({ ...offlineFirst(authKeys.adminStatus, () => apiFetch<{ isAdmin: boolean }>('/api/admin/status')), enabled });
  // No network and nothing kept (fetch's TypeError): asked again when the network comes back.
  const offline = user.isError && user.error instanceof TypeError;
  const { refetch } = user;
  useEffect(() => {
    if (!offline) return;
    const again = () => void refetch();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [offline, refetch]);
  const supervisor = useQuery({
    ...offlineFirst(authKeys.supervisorStatus, () => apiFetch<{ isSupervisor: boolean }>('/api/supervisor/status')),
    enabled,
  });
  const campStaff = useQuery({ ...campStaffStatus(), enabled });
  return {
    user: user.data ?? null,
    userLoading: user.isLoading,
    rolesLoading: enabled && (admin.isLoading || supervisor.isLoading || campStaff.isLoading),
    isAdmin: admin.data?.isAdmin === true,
    isSupervisor: supervisor.data?.isSupervisor === true,
    isCampStaff: campStaff.data?.isCampStaff === true,
    offline,
  };
}

/** GET /api/camp-staff/status: whether the member is camp staff, and the weeks they look after. */
export function campStaffStatus() {
  return offlineFirst(authKeys.campStaffStatus, () => apiFetch<Schemas['CampStaffStatus']>('/api/camp-staff/status'));
}
