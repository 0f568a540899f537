// The event page's match schedule: round name, time, court, both teams, the score once
// completed (the sets won and the sets, '21-18, 17-21', where the phase has sets), otherwise
// 'En cours' or 'À venir'. The member's team's matches stand out.
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { Badge, MatchStateBadge, ReportBadge } from '../tournament-shared/Badges';
import { setsOfScore } from '../tournament-shared/format';
import { SetScores } from '../tournament-shared/SetScores';
import { courtOf, dutyName, matchState, roundName, sideName } from '../tournament-shared/rounds';
import { bySchedule } from '../tournament-shared/schedule';
import type { Match } from '../tournament-shared/types';

export function PublicMatchList({ matches, poolCount, myTeamId }: { matches: Match[]; poolCount: number; myTeamId: number | null }) {
  const { t } = useTranslation('tournaments');
  const ordered = [...matches].sort(bySchedule);
  return (
    <section aria-labelledby="public-matches-title">
      <h3 id="public-matches-title" className="text-xl font-semibold">
        {t('public.matches')}
      </h3>
      <ul className="mt-3 space-y-3" data-testid="public-matches">
        {ordered.map((match) => {
          const state = matchState(match);
          const court = courtOf(match);
          const duty = dutyName(match, t);
          const mine = myTeamId !== null && (match.team1Id === myTeamId || match.team2Id === myTeamId);
          return (
            <li
              key={match.id}
              data-testid="public-match"
              className={`rounded-xl border p-4 ${mine ? 'border-brand-600 bg-brand-50' : 'border-slate-200'} ${match.roundType === 'final' ? 'border-2 border-amber-400' : ''}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="font-semibold text-slate-800">{roundName(match, poolCount, t)}</span>
                <span className="flex flex-wrap items-center gap-3 text-slate-700">
                  <span>{match.scheduledTime ? formatTime(match.scheduledTime) : t('schedule.tbdTime')}</span>
                  {court !== null && <span>{t('schedule.court', { n: court })}</span>}
                  {duty && <span>{t('schedule.duty', { team: duty })}</span>}
                  <MatchStateBadge state={state} />
                  {state === 'completed' && match.forfeit && <Badge tone="amber">{t('schedule.forfeit')}</Badge>}
                  <ReportBadge match={match} />
                </span>
              </div>
              <div className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-base">
                {([1, 2] as const).map((side) => {
                  const score = side === 1 ? match.team1Score : match.team2Score;
                  return [
                    <span key={`n${side}`} className="font-medium">
                      {sideName(match, side, t)}
                    </span>,
                    <span key={`s${side}`} className="text-right font-bold tabular-nums">
                      {state === 'completed' && score !== null ? score : ''}
                    </span>,
                  ];
                })}
              </div>
              {state === 'completed' && <SetScores sets={setsOfScore(match)} className="mt-1 block text-right text-sm font-semibold tabular-nums text-slate-700" />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
