// In a tournament the teams score, what the organisers watch: 'À confirmer', the results a team
// proposed that the other has not answered yet (each confirms itself at its deadline), and
// 'Contestés', the disputes only an admin ends: both versions side by side, either kept in one
// tap, or another score through the usual dialog. A kept version is scored as any score of this
// phone is (its outbox, online or not); the server makes it the report's decision.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { formatTime } from '../../lib/format';
import { reportedScore } from '../tournament-shared/Badges';
import { matchLine } from '../tournament-shared/score/parts';
import { bySchedule } from '../tournament-shared/schedule';
import { sideName } from '../tournament-shared/rounds';
import type { Match } from '../tournament-shared/types';
import { useScoreMatch } from './mutations';
import { setPairs } from '../tournament-shared/scoreCheck';

interface TeamReportsProps {
  eventId: number;
  matches: Match[];
  poolCount: number;
  /** Opens 'Saisir le score du match' for another score. */
  onOtherScore: (matchId: number) => void;
}

/** The name of the team that gave a version (`byTeamId`), else the organisers'. */
function byName(match: Match, teamId: number | null, t: (key: string) => string): string {
  if (teamId !== null && teamId === match.team1Id) return sideName(match, 1, t);
  if (teamId !== null && teamId === match.team2Id) return sideName(match, 2, t);
  return t('teamReports.organisers');
}

export function TeamReports({ eventId, matches, poolCount, onOtherScore }: TeamReportsProps) {
  const { t } = useTranslation('tournaments');
  const score = useScoreMatch(eventId);
  const proposed = matches.filter((m) => m.report?.state === 'proposed' && m.status !== 'completed').sort(bySchedule);
  const disputed = matches.filter((m) => m.report?.state === 'disputed' && m.status !== 'completed').sort(bySchedule);
  const keep = (match: Match, team1Score: number, team2Score: number, sets: number[][] | null) =>
    score.mutate({ match, team1Score, team2Score, sets: setPairs(sets) });
  return (
    <div className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4" data-testid="team-reports">
      <h4 className="text-lg font-bold text-amber-950">{t('teamReports.title')}</h4>
      <h5 className="mt-3 font-semibold">{t('teamReports.proposed', { count: proposed.length })}</h5>
      {proposed.length === 0 ? (
        <p className="text-slate-700">{t('teamReports.none')}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {proposed.map((m) => {
            const r = m.report!;
            return (
              <li key={m.id} className="rounded-lg bg-white p-3" data-testid="team-report-proposed">
                <p className="font-semibold">{`${sideName(m, 1, t)} ${t('schedule.versus')} ${sideName(m, 2, t)}`}</p>
                <p className="text-sm text-slate-700">{matchLine(m, poolCount, t)}</p>
                <p className="mt-1">
                  {t('teamReports.proposedBy', { team: byName(m, r.byTeamId, t), score: reportedScore(r.team1Score, r.team2Score, r.sets) })}
                  {r.deadline && ` ${t('teamReports.until', { time: formatTime(r.deadline) })}`}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <h5 className="mt-4 font-semibold">{t('teamReports.disputed', { count: disputed.length })}</h5>
      {disputed.length === 0 ? (
        <p className="text-slate-700">{t('teamReports.none')}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {disputed.map((m) => {
            const r = m.report!;
            const versions = [
              { team: byName(m, r.byTeamId, t), team1: r.team1Score, team2: r.team2Score, sets: r.sets },
              { team: byName(m, r.counterByTeamId, t), team1: r.counterTeam1Score ?? 0, team2: r.counterTeam2Score ?? 0, sets: r.counterSets },
            ];
            return (
              <li key={m.id} className="rounded-lg bg-white p-3" data-testid="team-report-disputed">
                <p className="font-semibold">{`${sideName(m, 1, t)} ${t('schedule.versus')} ${sideName(m, 2, t)}`}</p>
                <p className="text-sm text-slate-700">{matchLine(m, poolCount, t)}</p>
                <div className="mt-2 grid gap-2 sm:grid-cols-3">
                  {versions.map((v) => (
                    <Button key={v.team} className="min-h-12" disabled={score.isPending} onClick={() => keep(m, v.team1, v.team2, v.sets)}>
                      {t('teamReports.keep', { score: reportedScore(v.team1, v.team2, v.sets), team: v.team })}
                    </Button>
                  ))}
                  <Button variant="secondary" className="min-h-12" onClick={() => onOtherScore(m.id)}>
                    {t('teamReports.other')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
