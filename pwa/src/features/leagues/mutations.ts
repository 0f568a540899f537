// The console's league actions: one mutation hook each (see src/api/README.md). Every call
// answers or changes the league the event page reads (GET /api/events/{id}/league), so that
// read is invalidated: the console, the event page and the copy kept offline show the change.
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/client';
import { useApiMutation } from '../../api/mutations';
import type { Schemas } from '../../api/types';
import { leagueKeys, type PublicLeague } from '../league-page/queries';

export type LeagueInput = Schemas['LeagueInput'];
export type ClosureReason = Schemas['ClosureReason'];

interface Handlers {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

export function useCreateLeague(eventId: number, handlers: Handlers = {}) {
  const { t } = useTranslation('leagues');
  return useApiMutation<LeagueInput, PublicLeague>({
    mutationFn: (input) => apiFetch<PublicLeague>(`/api/admin/events/${eventId}/league`, { method: 'POST', body: input }),
    invalidates: [leagueKeys.event(eventId)],
    success: () => ({ title: t('admin.toast.created') }),
    failure: { title: t('admin.toast.createError'), description: t('admin.toast.genericError') },
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
  });
}

export function useSeedLeague(eventId: number, leagueId: number) {
  const { t } = useTranslation('leagues');
  return useApiMutation<number[], PublicLeague>({
    mutationFn: (teamIds) => apiFetch<PublicLeague>(`/api/admin/leagues/${leagueId}/seeding`, { method: 'PUT', body: { teamIds } }),
    invalidates: [leagueKeys.event(eventId)],
    success: () => ({ title: t('admin.toast.seeded') }),
    failure: { title: t('admin.toast.seedError'), description: t('admin.toast.genericError') },
  });
}

export function useCancelNight(eventId: number, leagueId: number, handlers: Handlers = {}) {
  const { t } = useTranslation('leagues');
  return useApiMutation<{ night: number; reason: ClosureReason; message: string }, unknown>({
    mutationFn: ({ night, reason, message }) =>
      apiFetch(`/api/admin/leagues/${leagueId}/nights/${night}/cancel`, { method: 'POST', body: { reason, message: message.trim() || null } }),
    invalidates: [leagueKeys.event(eventId)],
    success: () => ({ title: t('admin.toast.cancelled') }),
    failure: { title: t('admin.toast.cancelError'), description: t('admin.toast.genericError') },
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
  });
}

export function useMarkAbsent(eventId: number, leagueId: number) {
  const { t } = useTranslation('leagues');
  return useApiMutation<{ night: number; teamId: number; available: boolean }, unknown>({
    mutationFn: ({ night, teamId, available }) =>
      apiFetch(`/api/admin/leagues/${leagueId}/nights/${night}/availability`, { method: 'PUT', body: { teamId, available } }),
    invalidates: [leagueKeys.event(eventId)],
    failure: { title: t('admin.toast.absenceError'), description: t('admin.toast.genericError') },
  });
}
