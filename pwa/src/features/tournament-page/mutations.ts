// The event page's one write: a captain's report of their match's result (see src/api/README.md).
// It goes to this phone's outbox, online or not, and leaves at once when the server answers (the
// report stream, reportStream.ts); a captain at the lake with no signal reports all the same.
// What the server made of it shows once the pages refetch: the match's report, or, refused, the
// reason under the match (CaptainReports.tsx).
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../api/mutations';
import { enqueueReport, type ReportEntry } from '../../db/outbox';
import { kickSync } from '../../sync/engine';
import type { EnteredScore } from '../tournament-shared/score/parts';
import { setPairs } from '../tournament-shared/scoreCheck';

interface Handlers {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

/** A report of match `matchId`: the score (sets where the phase has them), team 1 first. */
export function useReportResult(eventId: number, handlers: Handlers = {}) {
  const { t } = useTranslation('tournaments');
  return useApiMutation<{ matchId: number; score: EnteredScore }, ReportEntry>({
    mutationFn: async ({ matchId, score }) => {
      const sets = score.sets && score.sets.length > 0 ? { sets: setPairs(score.sets) } : {};
      const entry = await enqueueReport({ eventId, matchId, team1Score: score.team1Score, team2Score: score.team2Score, ...sets });
      void kickSync();
      return entry;
    },
    // Only IndexedDB: never paused for want of a network.
    networkMode: 'always',
    invalidates: [],
    success: () => ({ title: t('toast.reported') }),
    failure: { title: t('toast.reportError'), description: t('toast.genericError') },
    onSuccess: () => handlers.onSuccess?.(),
    onError: handlers.onError,
  });
}
