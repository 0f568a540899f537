// A captain's word on a league night: the team cannot come (or comes after all). The server
// checks that the member registered the team and that the night has not started (409
// `league_night_started`, whose message the toast shows).
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/client';
import { useApiMutation } from '../../api/mutations';
import { leagueKeys } from './queries';

export function useSayAvailability(eventId: number | string, leagueId: number) {
  const { t } = useTranslation('leagues');
  return useApiMutation<{ night: number; teamId: number; available: boolean }, unknown>({
    mutationFn: ({ night, teamId, available }) =>
      apiFetch(`/api/leagues/${leagueId}/nights/${night}/availability`, { method: 'PUT', body: { teamId, available } }),
    invalidates: [leagueKeys.event(eventId)],
    success: (_, { available }) => ({ title: t(available ? 'team.toast.coming' : 'team.toast.absent') }),
    failure: { title: t('team.toast.error'), description: t('admin.toast.genericError') },
  });
}
