// 'Conflits de score (n)': a score pushed by a phone that differs from the one the
// match already has is kept aside, never overwriting it. Each open conflict shows both scores
// (with their sets, '21-18, 17-21', where the phase has sets),
// who entered them, on which device and when (centre time); the admin keeps one, which then
// counts as a normal score (standings and bracket follow on the server). A dispute the teams
// raised from a captain's phone names them: 'Proposé par A' and 'Contre-proposé par B'.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { formatTime } from '../../lib/format';
import { useResolveConflict } from './mutations';
import { useScoreConflicts } from '../tournament-shared/queries';
import { setsOfScore } from '../tournament-shared/format';
import { SetScores } from '../tournament-shared/SetScores';
import { bracketName, poolLetter, type Translate } from '../tournament-shared/rounds';
import { useDeviceId } from './sync/useOutbox';
import type { ConflictChoice, ConflictSide, ScoreConflict, Tournament } from '../tournament-shared/types';

export function ScoreConflicts({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation('tournaments');
  const conflicts = useScoreConflicts(tournament.id);
  const list = conflicts.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="conflicts-title" className="rounded-xl border-2 border-red-300 bg-red-50 p-5" data-testid="score-conflicts">
      <h3 id="conflicts-title" className="text-lg font-bold text-red-900">
        {t('conflicts.title', { count: list.length })}
      </h3>
      <p className="mt-1 text-slate-800">{t('conflicts.intro')}</p>
      <ul className="mt-4 space-y-4">
        {list.map((conflict) => (
          <ConflictItem key={conflict.entryId} conflict={conflict} tournament={tournament} />
        ))}
      </ul>
    </section>
  );
}

function conflictRound(conflict: ScoreConflict, poolCount: number, t: Translate): string {
  if (conflict.roundType !== 'pool') return conflict.bracketCode ? bracketName(conflict.bracketCode, t) : t(`round.type.${conflict.roundType}`);
  return poolCount > 1 && conflict.pool !== null ? t('standings.pool', { letter: poolLetter(conflict.pool) }) : t('round.poolPhase');
}

function ConflictItem({ conflict, tournament }: { conflict: ScoreConflict; tournament: Tournament }) {
  const { t } = useTranslation('tournaments');
  const resolve = useResolveConflict(tournament.eventId);
  const match = t('conflicts.match', { team1: conflict.team1Name ?? t('round.tbd'), team2: conflict.team2Name ?? t('round.tbd') });
  const details = [
    conflictRound(conflict, tournament.poolCount, t),
    conflict.scheduledTime ? formatTime(conflict.scheduledTime) : null,
    conflict.courtNumber !== null ? t('schedule.court', { n: conflict.courtNumber }) : null,
  ].filter(Boolean);
  const keep = (choice: ConflictChoice) => resolve.mutate({ entryId: conflict.entryId, keep: choice });
  return (
    <li className="rounded-lg border border-red-200 bg-white p-4" data-testid="score-conflict">
      <p className="font-semibold">{match}</p>
      <p className="text-sm text-slate-700">{details.join(' · ')}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {(['current', 'proposed'] as const).map((choice) => (
          <div key={choice} className="rounded border border-slate-200 p-3">
            <ConflictSideView side={conflict[choice]} choice={choice} conflict={conflict} />
            <Button
              variant="primary"
              className="mt-3 w-full"
              disabled={resolve.isPending}
              onClick={() => keep(choice)}
              aria-label={t(`conflicts.keepLabel.${choice}`, { match })}
            >
              {t(`conflicts.keep.${choice}`)}
            </Button>
          </div>
        ))}
      </div>
    </li>
  );
}

function ConflictSideView({ side, choice, conflict }: { side: ConflictSide; choice: ConflictChoice; conflict: ScoreConflict }) {
  const { t } = useTranslation('tournaments');
  const ownDevice = useDeviceId();
  const named = side.deviceName ? t('conflicts.namedDevice', { name: side.deviceName }) : null;
  const device = side.deviceId ? (side.deviceId === ownDevice ? t('conflicts.thisDevice') : (named ?? t('conflicts.device', { id: side.deviceId.slice(0, 8) }))) : null;
  const score = t('schedule.scoreLabel', {
    team1: conflict.team1Name ?? t('round.tbd'),
    score1: side.team1Score ?? '–',
    team2: conflict.team2Name ?? t('round.tbd'),
    score2: side.team2Score ?? '–',
  });
  return (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {side.team ? t(`conflicts.teamSide.${choice}`, { team: side.team }) : t(`conflicts.side.${choice}`)}
      </p>
      <p className="mt-1 text-2xl font-bold tabular-nums">
        <span aria-hidden="true">
          {side.team1Score ?? '–'} – {side.team2Score ?? '–'}
        </span>
        <span className="sr-only">{score}</span>
      </p>
      <SetScores sets={setsOfScore(side)} className="block text-base font-semibold tabular-nums" />
      <ul className="mt-2 space-y-0.5 text-sm text-slate-800">
        <li>{t('conflicts.by', { name: side.enteredBy ?? t('conflicts.unknown') })}</li>
        {device && <li>{device}</li>}
        {side.enteredAt && <li>{t('conflicts.at', { time: formatTime(side.enteredAt) })}</li>}
        {side.receivedAt && <li>{t('conflicts.received', { time: formatTime(side.receivedAt) })}</li>}
      </ul>
    </>
  );
}
