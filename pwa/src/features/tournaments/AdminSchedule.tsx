// The console's graphical schedule: 'Prochains matchs à saisir' first (what the admin at the
// courts needs next; where the teams score, their proposed and disputed results before it), then
// the pool phase round by round, then the knockout (QF, SF, FINALE).
// Tapping a match to score opens 'Saisir le score du match'. `matches` are the projected ones
// (this phone's waiting scores applied); which of them can be scored or corrected is
// centre-core's answer for that list (useMatchActions); `waiting` marks those not sent yet,
// which cannot be corrected until the server has them. Where the teams referee, the dialog also
// changes a match's work team, chosen among `teams` (the standings' rows: every team of the event).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MatchCard } from './MatchCard';
import { TeamReports } from './TeamReports';
import { formatsOf } from '../tournament-shared/format';
import { byRound, knockoutColumns, nextToScore, poolMatches } from '../tournament-shared/schedule';
import type { DutyTeam } from './score/DutyChoice';
import { ScoreDialog, type ScoreKind } from './score/ScoreDialog';
import type { Match, Tournament } from '../tournament-shared/types';
import { useMatchActions } from './useMatchActions';

/** How many matches 'Prochains matchs à saisir' shows: one per court, twice over. */
const nextCount = (courts: number) => Math.max(2, courts * 2);

interface AdminScheduleProps {
  tournament: Tournament;
  matches: Match[];
  teams: readonly DutyTeam[];
  waiting: ReadonlySet<number>;
  loading: boolean;
}

export function AdminSchedule({ tournament, matches, teams, waiting, loading }: AdminScheduleProps) {
  const { t } = useTranslation('tournaments');
  const [scoring, setScoring] = useState<{ matchId: number; kind: ScoreKind } | null>(null);
  const actions = useMatchActions(matches);
  const formats = useMemo(() => formatsOf(tournament), [tournament]);
  const open = scoring ? (matches.find((m) => m.id === scoring.matchId) ?? null) : null;
  const card = (match: Match) => {
    const offered = actions?.get(match.id);
    return (
      <MatchCard
        key={match.id}
        match={match}
        poolCount={tournament.poolCount}
        waiting={waiting.has(match.id)}
        onScore={offered?.canScore ? () => setScoring({ matchId: match.id, kind: 'score' }) : undefined}
        onCorrect={offered?.canCorrect && !waiting.has(match.id) ? () => setScoring({ matchId: match.id, kind: 'correction' }) : undefined}
      />
    );
  };
  /** Null while core-wasm loads: nothing is listed, nor said to be missing. */
  const next = actions ? nextToScore(matches, actions, nextCount(tournament.courtsAvailable)) : null;
  const rounds = byRound(poolMatches(matches, null));
  const knockout = knockoutColumns(matches);

  return (
    <section aria-labelledby="schedule-title" className="space-y-6" data-testid="admin-schedule">
      <h3 id="schedule-title" className="text-lg font-semibold">
        {t('schedule.title')}
      </h3>
      {loading ? (
        <p role="status">{t('loading')}</p>
      ) : matches.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">{t('schedule.empty')}</p>
      ) : (
        <>
          {tournament.scoring === 'teams' && (
            <TeamReports eventId={tournament.eventId} matches={matches} poolCount={tournament.poolCount} onOtherScore={(matchId) => setScoring({ matchId, kind: 'score' })} />
          )}
          <div className="rounded-xl border-2 border-brand-600 bg-brand-50 p-4" data-testid="next-to-score">
            <h4 className="text-lg font-bold text-brand-800">{t('schedule.next')}</h4>
            {next === null ? null : next.length === 0 ? (
              <p className="mt-2 text-slate-700">{t('schedule.nextEmpty')}</p>
            ) : (
              <div className="mt-3 grid gap-3 sm:grid-cols-2">{next.map(card)}</div>
            )}
          </div>
          {rounds.length > 0 && (
            <div data-testid="pool-phase">
              <h4 className="text-lg font-semibold">{t('schedule.poolPhase')}</h4>
              {rounds.map(([round, list]) => (
                <div key={round} className="mt-3">
                  <h5 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('round.round', { round })}</h5>
                  <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{list.map(card)}</div>
                </div>
              ))}
            </div>
          )}
          {knockout.length > 0 && (
            <div data-testid="knockout-phase">
              <h4 className="text-lg font-semibold">{t('schedule.knockout')}</h4>
              <div className="mt-3 grid gap-4 md:grid-flow-col md:auto-cols-fr">
                {knockout.map((column) => (
                  <div key={column.round} className="space-y-3">
                    <h5 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t(`round.type.${column.round}`)}</h5>
                    {column.matches.map(card)}
                  </div>
                ))}
              </div>
            </div>
          )}
        </>
      )}
      <ScoreDialog
        eventId={tournament.eventId}
        match={open}
        kind={scoring?.kind ?? 'score'}
        poolCount={tournament.poolCount}
        formats={formats}
        duty={tournament.duty}
        teams={teams}
        onClose={() => setScoring(null)}
      />
    </section>
  );
}
