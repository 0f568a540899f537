// One mutation hook per action: grant or remove a role, give a counsellor their weeks. Each refreshes the grant list and the
// signed-in user's own statuses (an admin may change their own roles), and shows its toast.
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/client';
import { useApiMutation } from '../../api/mutations';
import { authKeys } from '../auth/queries';
import type { Role, Schemas } from '../../api/types';
import { campStaffKeys } from '../camp-staff/queries';
import { adminKeys, grantPath, grantSection, type Grant } from './queries';

const invalidated = (role: Role) => [adminKeys.grants(role), authKeys.adminStatus, authKeys.supervisorStatus, authKeys.campStaffStatus];

export function useAddGrant(role: Role) {
  const { t } = useTranslation('admin');
  const section = grantSection[role];
  return useApiMutation<string, Grant>({
    mutationFn: (userId) => apiFetch<Grant>(`${grantPath[role]}/${encodeURIComponent(userId.trim())}`, { method: 'POST' }),
    invalidates: invalidated(role),
    success: (grant) => ({ title: t(`${section}.added`), description: t('grants.who', { email: grant.user.email ?? grant.userId }) }),
    failure: { title: t('grants.error'), description: t('grants.errorDescription') },
  });
}

export function useRemoveGrant(role: Role) {
  const { t } = useTranslation('admin');
  const section = grantSection[role];
  return useApiMutation<string, void>({
    mutationFn: (userId) => apiFetch<void>(`${grantPath[role]}/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    invalidates: invalidated(role),
    success: () => ({ title: t(`${section}.removed`) }),
    failure: { title: t('grants.error'), description: t('grants.errorDescription') },
  });
}

/** PUT /api/admin/camp-staff/{userId}/weeks: every week the counsellor looks after. */
export function useSetStaffWeeks() {
  const { t } = useTranslation('campStaff');
  return useApiMutation<{ userId: string; weekIds: number[] }, Schemas['StaffWeeksDto']>({
    mutationFn: ({ userId, weekIds }) =>
      apiFetch(`/api/admin/camp-staff/${encodeURIComponent(userId)}/weeks`, { method: 'PUT', body: { weekIds } }),
    invalidates: [campStaffKeys.assignments],
    success: () => ({ title: t('admin.saved') }),
    failure: { title: t('admin.error'), description: t('admin.error') },
  });
}
