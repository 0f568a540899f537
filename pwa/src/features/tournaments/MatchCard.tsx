// One match of the console's graphical schedule: its round, time (or 'À définir'), court, both
// sides, the scores (the sets won, then the sets themselves, '21-18, 17-21', where the phase
// has sets) and 'Terminé' once complete. A match that can be scored is one large
// button (a thumb at the courts); a completed pool match offers 'Corriger le score' while the
// bracket is not drawn. The FINALE card is highlighted and names the winner once complete. A
// score of this phone not yet sent shows 'En attente de synchronisation'. In a team-scored
// tournament, a result a team proposed or disputed, or the organisers decided, says so; where
// the matches get a work team, it is named ('Arbitrage : Les Hérons', 'Perdant SF1').
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { formatTime } from '../../lib/format';
import { Badge, hasReportBadge, ReportBadge } from '../tournament-shared/Badges';
import { setsOfScore } from '../tournament-shared/format';
import { TrophyIcon } from '../tournament-shared/Medal';
import { SetScores } from '../tournament-shared/SetScores';
import { courtOf, dutyName, roundName, sideName, winnerName } from '../tournament-shared/rounds';
import type { Match } from '../tournament-shared/types';

interface MatchCardProps {
  match: Match;
  poolCount: number;
  /** Its score was entered on this phone and waits to be sent. */
  waiting?: boolean;
  onScore?: () => void;
  onCorrect?: () => void;
}

export function MatchCard({ match, poolCount, waiting = false, onScore, onCorrect }: MatchCardProps) {
  const { t } = useTranslation('tournaments');
  const isFinal = match.roundType === 'final';
  const frame = `block w-full rounded-xl border-2 p-4 text-left ${isFinal ? 'border-amber-400 bg-amber-50' : 'border-slate-200 bg-white'}`;
  const body = <MatchBody match={match} poolCount={poolCount} waiting={waiting} />;
  if (onScore) {
    return (
      <button type="button" onClick={onScore} data-testid="match-card" className={`${frame} min-h-11 hover:border-brand-600 hover:bg-brand-50`}>
        {body}
      </button>
    );
  }
  return (
    <div data-testid="match-card" className={frame}>
      {body}
      {onCorrect && (
        <Button
          size="sm"
          className="mt-3 w-full"
          onClick={onCorrect}
          aria-label={t('schedule.correctLabel', { match: `${sideName(match, 1, t)} ${t('schedule.versus')} ${sideName(match, 2, t)}` })}
        >
          {t('schedule.correct')}
        </Button>
      )}
    </div>
  );
}

function MatchBody({ match, poolCount, waiting }: { match: Match; poolCount: number; waiting: boolean }) {
  const { t } = useTranslation('tournaments');
  const done = match.status === 'completed';
  const court = courtOf(match);
  const winner = winnerName(match);
  const duty = dutyName(match, t);
  const side = (n: 1 | 2): ReactNode => {
    const score = n === 1 ? match.team1Score : match.team2Score;
    const won = done && match.winnerId !== null && match.winnerId === (n === 1 ? match.team1Id : match.team2Id);
    return (
      <span className="flex items-center justify-between gap-2">
        <span className={won ? 'font-bold' : 'font-medium'}>{sideName(match, n, t)}</span>
        {done && score !== null && <span className="text-xl font-bold tabular-nums">{score}</span>}
      </span>
    );
  };
  return (
    <span className="block space-y-2">
      <span className="flex flex-wrap items-center gap-2 text-sm">
        {match.roundType === 'final' && (
          <span className="rounded bg-amber-400 px-2 py-0.5 text-xs font-bold text-amber-950">{t('schedule.finalBadge')}</span>
        )}
        {match.bracketCode && match.roundType !== 'final' && <span className="rounded bg-slate-800 px-2 py-0.5 text-xs font-bold text-white">{match.bracketCode}</span>}
        <span className="font-semibold text-slate-800">{roundName(match, poolCount, t)}</span>
      </span>
      <span className="flex flex-wrap gap-x-3 text-sm text-slate-700">
        <span>{match.scheduledTime ? formatTime(match.scheduledTime) : t('schedule.tbdTime')}</span>
        {court !== null && <span>{t('schedule.court', { n: court })}</span>}
        {duty && <span>{t('schedule.duty', { team: duty })}</span>}
      </span>
      <span className="block space-y-1 text-base">
        {side(1)}
        {side(2)}
      </span>
      {!done && (match.status === 'in_progress' || match.late) && (
        <span className="flex flex-wrap items-center gap-2">
          {match.status === 'in_progress' ? <Badge tone="blue">{t('schedule.inProgress')}</Badge> : <Badge tone="amber">{t('schedule.late')}</Badge>}
        </span>
      )}
      {hasReportBadge(match) && (
        <span className="flex flex-wrap items-center gap-2">
          <ReportBadge match={match} />
        </span>
      )}
      {done && <SetScores sets={setsOfScore(match)} className="block text-right text-sm font-semibold tabular-nums text-slate-800" />}
      {done && (
        <span className="flex flex-wrap items-center gap-2">
          {waiting ? <Badge tone="amber">{t('schedule.waiting')}</Badge> : <Badge tone="green">{t('schedule.completed')}</Badge>}
          {match.forfeit && <Badge tone="amber">{t('schedule.forfeit')}</Badge>}
          {match.roundType === 'final' && winner && (
            <span className="inline-flex items-center gap-1 font-bold text-amber-900">
              <TrophyIcon />
              {t('schedule.winner', { name: winner })}
            </span>
          )}
        </span>
      )}
    </span>
  );
}
