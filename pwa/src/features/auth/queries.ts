// The signed-in user: GET /api/auth/user answers the user, or 401 when signed out.
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../api/client';

export interface User {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  createdAt: string;
}

export const authKeys = {
  user: ['api', 'auth', 'user'] as const,
  adminStatus: ['api', 'admin', 'status'] as const,
  supervisorStatus: ['api', 'supervisor', 'status'] as const,
};

export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiFetch<User>('/api/auth/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** `user` is null when signed out; `isLoading` while the status is unknown. */
export function useCurrentUser() {
  const query = useQuery({ queryKey: authKeys.user, queryFn: fetchCurrentUser });
  return { user: query.data ?? null, isLoading: query.isLoading, isSignedIn: !!query.data };
}
