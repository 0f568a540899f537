// The signed-in user and their roles. GET /api/auth/user answers the user, or `null` when signed
// out (a 200 either way, so a visitor's page logs no failed request in the console); the two
// status calls run only when signed in and are never retried (spec section 6). All three
// answer their last copy with no network, so an admin stays one offline; a `null` answer
// forgets everything kept (api/offline.ts).
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../api/client';
import { offlineFirst } from '../../api/offline';
import type { Schemas } from '../../api/types';

export type User = Schemas['UserDto'];

export const authKeys = {
  user: ['api', 'auth', 'user'] as const,
  adminStatus: ['api', 'admin', 'status'] as const,
  supervisorStatus: ['api', 'supervisor', 'status'] as const,
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

/** `user` is null when signed out; `isLoading` while the status is unknown. */
export function useCurrentUser() {
  const query = useQuery(offlineFirst(authKeys.user, fetchCurrentUser, true));
  return { user: query.data ?? null, isLoading: query.isLoading, isSignedIn: !!query.data };
}

/**
 * The signed-in user's roles. `isLoading` until both status calls answered (or while the user
 * is unknown); a failed status call counts as "no such role".
 */
export function useRoles() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const enabled = !!user;
  const admin = useQuery({ ...offlineFirst(authKeys.adminStatus, () => apiFetch<{ isAdmin: boolean }>('/api/admin/status')), enabled });
  const supervisor = useQuery({
    ...offlineFirst(authKeys.supervisorStatus, () => apiFetch<{ isSupervisor: boolean }>('/api/supervisor/status')),
    enabled,
  });
  return {
    user,
    isLoading: userLoading || (enabled && (admin.isLoading || supervisor.isLoading)),
    isAdmin: admin.data?.isAdmin === true,
    isSupervisor: supervisor.data?.isSupervisor === true,
  };
}

/** A sign-in link that comes back to `returnTo` and keeps the interface language. */
export function loginHref(returnTo: string, lang: string): string {
  const params = new URLSearchParams();
  if (returnTo && returnTo !== '/' && returnTo.startsWith('/') && !returnTo.startsWith('//')) params.set('returnTo', returnTo);
  params.set('lang', lang === 'en' ? 'en' : 'fr');
  return `/api/login?${params.toString()}`;
}
