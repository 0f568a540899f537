// 'Scores refusés': this phone's entries the server refused for good (a match removed with a
// withdrawn team, a knockout draw…), each with the server's reason. They no longer wait: the
// entries behind them went on.
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../db/outbox';
import { setsText } from '../tournament-shared/format';
import { sideName } from '../tournament-shared/rounds';
import type { Match } from '../tournament-shared/types';

export function RejectedScores({ entries, matches }: { entries: OutboxEntry[]; matches: Match[] }) {
  const { t } = useTranslation('tournaments');
  const rejected = entries.filter((entry) => entry.state === 'rejected');
  if (rejected.length === 0) return null;
  const label = (entry: OutboxEntry) => {
    const match = matches.find((m) => m.id === entry.matchId);
    return match ? t('conflicts.match', { team1: sideName(match, 1, t), team2: sideName(match, 2, t) }) : t('rejected.unknownMatch', { id: entry.matchId });
  };
  return (
    <section aria-labelledby="rejected-title" className="rounded-xl border border-amber-300 bg-amber-50 p-5" data-testid="rejected-scores">
      <h3 id="rejected-title" className="text-lg font-bold text-amber-950">
        {t('rejected.title')}
      </h3>
      <p className="mt-1 text-slate-800">{t('rejected.intro')}</p>
      <ul className="mt-3 space-y-2">
        {rejected.map((entry) => (
          <li key={entry.seq} className="rounded border border-amber-200 bg-white p-3">
            <p className="font-semibold">
              {label(entry)} · <span className="tabular-nums">{entry.sets && entry.sets.length > 0 ? setsText(entry.sets) : t('rejected.score', { score1: entry.team1Score, score2: entry.team2Score })}</span>
            </p>
            <p className="text-sm text-slate-800">{entry.message ?? entry.code ?? t('rejected.noReason')}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
