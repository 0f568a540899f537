// 'Votre équipe' on the event page, for a signed-in member whose team plays: team name, captain,
// standing (points, differential, wins, losses; the sets won-lost where the pool's format has
// sets) and the next match with its court and time, 'À déterminer' when there is none yet, then
// the team's day (YourDay: the matches it plays and referees); once the tournament is over, its
// final place as the server gives it ('Tournoi terminé · 3e place').
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { setsOf, setsRecord, type MatchFormat } from '../tournament-shared/format';
import { courtOf, poolLetter, roundName, sideName } from '../tournament-shared/rounds';
import { signed } from '../tournament-shared/standings';
import type { Match, UserTeam } from '../tournament-shared/types';
import { YourDay } from './YourDay';

interface YourTeamCardProps {
  team: UserTeam;
  /** The tournament's matches, for the team's day. */
  matches: Match[];
  poolCount: number;
  format?: MatchFormat;
  /** The tournament is completed: no next match, the final place instead. */
  over?: boolean;
}

export function YourTeamCard({ team, matches, poolCount, format, over = false }: YourTeamCardProps) {
  const { t } = useTranslation('tournaments');
  const standing = team.standing;
  const sets = !!setsOf(format);
  const position = standing
    ? poolCount > 1
      ? t('team.positionInPool', { position: standing.position, pool: poolLetter(standing.pool) })
      : t('team.position', { position: standing.position })
    : t('team.notRanked');
  return (
    <section aria-labelledby="your-team-title" className="rounded-xl border-2 border-brand-600 bg-brand-50 p-5" data-testid="your-team">
      <h3 id="your-team-title" className="text-xl font-bold text-brand-800">
        {t('team.title')}
      </h3>
      <p className="mt-1 text-lg font-semibold">{team.teamName}</p>
      <p className="text-slate-700">{t('team.captain', { name: team.captainName })}</p>
      <dl className={`mt-4 grid grid-cols-2 gap-3 ${sets ? 'sm:grid-cols-3 lg:grid-cols-6' : 'sm:grid-cols-5'}`}>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-sm text-slate-600">{t('team.standing')}</dt>
          <dd className="font-semibold">{position}</dd>
        </div>
        {standing && (
          <>
            <div>
              <dt className="text-sm text-slate-600">{t('team.points')}</dt>
              <dd className="font-semibold">{standing.tournamentPoints}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t('team.differential')}</dt>
              <dd className="font-semibold">{signed(standing.pointsDifferential)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t('team.wins')}</dt>
              <dd className="font-semibold">{standing.wins}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t('team.losses')}</dt>
              <dd className="font-semibold">{standing.losses}</dd>
            </div>
            {sets && (
              <div>
                <dt className="text-sm text-slate-600">{t('team.sets')}</dt>
                <dd className="font-semibold tabular-nums">{setsRecord(standing)}</dd>
              </div>
            )}
          </>
        )}
      </dl>
      <div className="mt-4 rounded-lg bg-white p-4" data-testid="your-next-match">
        {over ? (
          <p className="font-semibold" data-testid="your-final-place">
            {team.finalPlace === null
              ? t('team.over')
              : t('team.overPlace', { place: t('team.place', { count: team.finalPlace, ordinal: true }) })}
          </p>
        ) : (
          <NextMatch team={team} poolCount={poolCount} />
        )}
      </div>
      {!over && <YourDay teamId={team.teamId} matches={matches} />}
    </section>
  );
}

function NextMatch({ team, poolCount }: { team: UserTeam; poolCount: number }) {
  const { t } = useTranslation('tournaments');
  const next = team.nextMatch;
  const court = next ? courtOf(next) : null;
  const opponent = next ? sideName(next, next.team1Id === team.teamId ? 2 : 1, t) : null;
  return (
    <>
      <h4 className="text-sm font-semibold text-slate-600">{t('team.nextMatch')}</h4>
      {next ? (
        <div className="mt-1">
          <p className="font-semibold">{t('team.against', { team: opponent })}</p>
          <p className="text-slate-700">
            {[roundName(next, poolCount, t), next.scheduledTime ? formatTime(next.scheduledTime) : t('schedule.tbdTime'), court !== null ? t('schedule.court', { n: court }) : null]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      ) : (
        <p className="mt-1 font-semibold">{t('team.tbd')}</p>
      )}
    </>
  );
}
