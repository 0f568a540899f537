// The console's matches and standings with this phone's waiting scores applied (projection.ts)
// under the tournament's formats: the server's data as it is when nothing waits. `matches`,
// `standings` and `formats` must keep their identity between renders (a new empty array each
// time would recompute forever).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../db/outbox';
import type { Formats } from '../../tournament-shared/format';
import type { Match, Standing } from '../../tournament-shared/types';
import { entriesToShow, project, type Projected } from './projection';
import { useTournamentEntries } from './useOutbox';

const NOTHING_WAITS: ReadonlySet<number> = new Set();

interface ProjectedTournament extends Projected {
  /** This phone's entries for the tournament, in their order. */
  entries: OutboxEntry[];
}

export function useProjection(tournamentId: number, matches: Match[], standings: Standing[], formats: Formats): ProjectedTournament {
  const { i18n } = useTranslation();
  const entries = useTournamentEntries(tournamentId);
  const shown = useMemo(() => entriesToShow(entries, matches), [entries, matches]);
  const [result, setResult] = useState<{ tournamentId: number; projected: Projected } | null>(null);

  useEffect(() => {
    if (shown.length === 0) return;
    let current = true;
    project(matches, standings, shown, i18n.language, formats).then(
      (projected) => {
        if (current) setResult({ tournamentId, projected });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [tournamentId, shown, matches, standings, formats, i18n.language]);

  // While a new projection computes, the last one stays (no flash of the scores going away).
  if (shown.length > 0 && result?.tournamentId === tournamentId) return { ...result.projected, entries };
  return { matches, standings, waiting: NOTHING_WAITS, entries };
}
