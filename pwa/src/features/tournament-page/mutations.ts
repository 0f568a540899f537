// The event page's one write: a captain's report of their match's result (see src/api/README.md).
// It refreshes the event's tournament and the member's team, and shows a translated toast: on
// failure the server's message ('Les deux équipes ont donné des résultats différents…').
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/client';
import { useApiMutation } from '../../api/mutations';
import type { EnteredScore } from '../tournament-shared/score/parts';
import { tournamentKeys } from '../tournament-shared/queries';
import type { Match } from '../tournament-shared/types';

interface Handlers {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

/** POST /api/matches/{id}/report: the score (sets where the phase has them), team 1 first. */
export function useReportResult(eventId: number, handlers: Handlers = {}) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<{ matchId: number; score: EnteredScore }, Match>({
    mutationFn: ({ matchId, score }) => {
      const body = score.sets && score.sets.length > 0 ? { sets: score.sets } : { team1Score: score.team1Score, team2Score: score.team2Score };
      return apiFetch<Match>(`/api/matches/${matchId}/report`, { method: 'POST', body: { ...body, clientId: crypto.randomUUID() } });
    },
    invalidates: [tournamentKeys.event(eventId), tournamentKeys.userTeam(eventId), tournamentKeys.mine],
    success: () => ({ title: t('toast.reported') }),
    failure: { title: t('toast.reportError'), description: t('toast.genericError') },
    onSuccess: () => handlers.onSuccess?.(),
    onError: handlers.onError,
  });
}
