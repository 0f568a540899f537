// Tournaments: one mutation hook per action (see src/api/README.md). Each invalidates what it
// changed — the console's tournament, matches and standings, the event page's tournament and
// the member's team data — and shows a translated toast: on failure the server's
// message when it sent one, else the action's default text. A score goes through this phone's
// outbox, online or not: stored at once, shown at once, pushed by the sync engine.
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/client';
import { useApiMutation } from '../../api/mutations';
import { enqueueEntry, type OutboxEntry } from '../../db/outbox';
import { tournamentKeys } from '../tournament-shared/queries';
import { kickSync } from '../../sync/engine';
import type { AdminTournament, ConflictChoice, GeneratedSchedule, Match, ScoreInput, TournamentInput } from '../tournament-shared/types';
import { setPairs } from '../tournament-shared/scoreCheck';

/** Everything a change of the event's tournament shows up in. */
const changed = (eventId: number): QueryKey[] => [
  tournamentKeys.admin(eventId),
  tournamentKeys.adminAll,
  tournamentKeys.event(eventId),
  tournamentKeys.userTeam(eventId),
  tournamentKeys.mine,
];

interface Handlers<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: unknown) => void;
}

export function useCreateTournament(eventId: number, handlers: Handlers<AdminTournament> = {}) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<TournamentInput, AdminTournament>({
    mutationFn: (input) => apiFetch<AdminTournament>(`/api/admin/events/${eventId}/tournament`, { method: 'POST', body: input }),
    invalidates: changed(eventId),
    success: () => ({ title: t('toast.created') }),
    failure: { title: t('toast.createError'), description: t('toast.genericError') },
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
  });
}

export function useUpdateTournament(eventId: number, handlers: Handlers<AdminTournament> = {}) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<TournamentInput & { id: number }, AdminTournament>({
    mutationFn: ({ id, ...input }) => apiFetch<AdminTournament>(`/api/admin/tournaments/${id}`, { method: 'PUT', body: input }),
    invalidates: changed(eventId),
    success: () => ({ title: t('toast.updated') }),
    failure: { title: t('toast.updateError'), description: t('toast.genericError') },
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
  });
}

export function useDeleteTournament(eventId: number) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<number, void>({
    mutationFn: (id) => apiFetch<void>(`/api/admin/tournaments/${id}`, { method: 'DELETE' }),
    invalidates: changed(eventId),
    success: () => ({ title: t('toast.deleted') }),
    failure: { title: t('toast.deleteError'), description: t('toast.genericError') },
  });
}

export function useGenerateSchedule(eventId: number) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<number, GeneratedSchedule>({
    mutationFn: (id) => apiFetch<GeneratedSchedule>(`/api/admin/tournaments/${id}/generate-schedule`, { method: 'POST' }),
    invalidates: changed(eventId),
    success: () => ({ title: t('toast.generated') }),
    failure: { title: t('toast.generateError'), description: t('toast.genericError') },
  });
}

/**
 * A score for a match not completed whose two teams are known: into the outbox with the match's
 * version as last fetched (and its sets, where its phase has them: the two scores are then the
 * sets won), then the sync is kicked (the projection shows it meanwhile).
 */
export function useScoreMatch(eventId: number, handlers: Handlers<OutboxEntry> = {}) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<ScoreInput & { match: Match }, OutboxEntry>({
    mutationFn: async ({ match, team1Score, team2Score, sets }) => {
      const entry = await enqueueEntry({
        tournamentId: match.tournamentId, eventId, matchId: match.id, team1Score, team2Score, baseVersion: match.version, team1Id: match.team1Id, team2Id: match.team2Id,
        ...(sets && sets.length > 0 ? { sets: setPairs(sets) } : {}),
      });
      void kickSync();
      return entry;
    },
    // Only IndexedDB: never paused for want of a network (TanStack's default once 'offline' fired).
    networkMode: 'always',
    invalidates: [],
    success: () => ({ title: t('toast.scored') }),
    failure: { title: t('toast.scoreError'), description: t('toast.genericError') },
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
  });
}

/** PUT /api/admin/matches/{id}/correction: a completed pool match, while the bracket is not drawn. */
export function useCorrectScore(eventId: number, handlers: Handlers<Match> = {}) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<ScoreInput & { matchId: number }, Match>({
    mutationFn: ({ matchId, ...score }) => apiFetch<Match>(`/api/admin/matches/${matchId}/correction`, { method: 'PUT', body: score }),
    invalidates: changed(eventId),
    success: () => ({ title: t('toast.scored') }),
    failure: { title: t('toast.scoreError'), description: t('toast.genericError') },
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
  });
}

/** PUT /api/admin/matches/{id}/forfeit: a team did not show up (`side`); online only. */
export function useForfeitMatch(eventId: number, handlers: Handlers<Match> = {}) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<{ matchId: number; side: 1 | 2 }, Match>({
    mutationFn: ({ matchId, side }) => apiFetch<Match>(`/api/admin/matches/${matchId}/forfeit`, { method: 'PUT', body: { side } }),
    invalidates: changed(eventId),
    success: () => ({ title: t('toast.forfeited') }),
    failure: { title: t('toast.forfeitError'), description: t('toast.genericError') },
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
  });
}

/** PUT /api/admin/matches/{id}/start: its court is playing it, whatever the clock says; online only. */
export function useStartMatch(eventId: number, handlers: Handlers<Match> = {}) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<number, Match>({
    mutationFn: (matchId) => apiFetch<Match>(`/api/admin/matches/${matchId}/start`, { method: 'PUT' }),
    invalidates: changed(eventId),
    success: () => ({ title: t('toast.started') }),
    failure: { title: t('toast.startError'), description: t('toast.genericError') },
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
  });
}

/**
 * PUT /api/admin/matches/{id}/duty: another work team referees the match, one free at that time
 * (the server refuses a busy one with its message); online only.
 */
export function useSetDuty(eventId: number, handlers: Handlers<Match> = {}) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<{ matchId: number; teamId: number }, Match>({
    mutationFn: ({ matchId, teamId }) => apiFetch<Match>(`/api/admin/matches/${matchId}/duty`, { method: 'PUT', body: { teamId } }),
    invalidates: changed(eventId),
    success: () => ({ title: t('toast.dutyChanged') }),
    failure: { title: t('toast.dutyError'), description: t('toast.genericError') },
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
  });
}

/** POST /api/admin/score-conflicts/{entryId}/resolve: the admin keeps one of the two scores. */
export function useResolveConflict(eventId: number) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<{ entryId: string; keep: ConflictChoice }, Match>({
    mutationFn: ({ entryId, keep }) => apiFetch<Match>(`/api/admin/score-conflicts/${entryId}/resolve`, { method: 'POST', body: { keep } }),
    invalidates: changed(eventId),
    success: () => ({ title: t('toast.resolved') }),
    failure: { title: t('toast.resolveError'), description: t('toast.genericError') },
  });
}
