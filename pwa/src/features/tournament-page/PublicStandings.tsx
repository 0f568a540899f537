// The event page's 'Classement': sorted by tournament points then points differential (by the
// ranking itself where the pool's format has sets), medals for the top three, the member's team
// highlighted; one list per pool when there are pools. With sets, each team's sets won-lost and
// its set and point ratios too, and under each list what separated teams level on points.
import { useTranslation } from 'react-i18next';
import { pointsLegend, ratioText, setsOf, setsRecord, type MatchFormat } from '../tournament-shared/format';
import { poolLetter, teamName } from '../tournament-shared/rounds';
import { MedalIcon } from '../tournament-shared/Medal';
import { byPool, medalAt, publicOrder, signed } from '../tournament-shared/standings';
import { TieBreakNote, WithdrawnNote } from '../tournament-shared/StandingsNotes';
import type { Standing } from '../tournament-shared/types';

interface PublicStandingsProps {
  standings: Standing[];
  poolCount: number;
  myTeamId: number | null;
  /** The pool's format (none known: `single`). */
  format?: MatchFormat;
}

export function PublicStandings({ standings, poolCount, myTeamId, format }: PublicStandingsProps) {
  const { t } = useTranslation('tournaments');
  const sets = !!setsOf(format);
  return (
    <section aria-labelledby="public-standings-title">
      <h3 id="public-standings-title" className="text-xl font-semibold">
        {t('public.standings')}
      </h3>
      {standings.length === 0 ? (
        <p className="mt-3 text-slate-700">{t('standings.empty')}</p>
      ) : (
        byPool(standings).map((rows) => (
          <StandingsList
            key={rows[0]?.pool ?? 0}
            rows={publicOrder(rows, sets)}
            title={poolCount > 1 ? t('standings.pool', { letter: poolLetter(rows[0]?.pool ?? 0) }) : null}
            myTeamId={myTeamId}
            sets={sets}
          />
        ))
      )}
      <p className="mt-2 text-sm text-slate-700">{pointsLegend(format, t)}</p>
    </section>
  );
}

function StandingsList({ rows, title, myTeamId, sets }: { rows: Standing[]; title: string | null; myTeamId: number | null; sets: boolean }) {
  const { t, i18n } = useTranslation('tournaments');
  return (
    <div className="mt-3">
      {title && <h4 className="font-semibold">{title}</h4>}
      <ol className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="public-standings">
        {rows.map((row, index) => {
          const medal = row.withdrawn ? null : medalAt(index);
          const mine = row.teamId === myTeamId;
          return (
            <li
              key={row.teamId}
              data-testid="public-standing"
              aria-current={mine ? 'true' : undefined}
              className={`flex items-center gap-3 px-4 py-3 ${mine ? 'bg-brand-50 font-semibold ring-2 ring-inset ring-brand-600' : ''}`}
            >
              <span className="flex w-8 justify-center text-lg">{medal ? <MedalIcon medal={medal} /> : index + 1}</span>
              <span className="min-w-0 flex-1">
                <span className="block">
                  {teamName(row.teamName, row.withdrawn, t)}
                  {mine && <span className="ml-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('public.yourTeam')}</span>}
                </span>
                <span className="block text-sm font-normal text-slate-700">
                  {t('public.record', { wins: row.wins, losses: row.losses, diff: signed(row.pointsDifferential) })}
                </span>
                {sets && (
                  <span className="flex flex-wrap gap-x-3 text-sm font-normal tabular-nums text-slate-700" data-testid="public-standing-sets">
                    <span className="whitespace-nowrap">{t('public.setsRecord', { record: setsRecord(row) })}</span>{' '}
                    <span className="whitespace-nowrap">{t('public.setRatio', { value: ratioText(row.setRatio, row.played, i18n.language, t) })}</span>{' '}
                    <span className="whitespace-nowrap">{t('public.pointRatio', { value: ratioText(row.pointRatio, row.played, i18n.language, t) })}</span>
                  </span>
                )}
              </span>
              <span className="w-16 text-right font-bold tabular-nums">{t('public.points', { count: row.tournamentPoints })}</span>
            </li>
          );
        })}
      </ol>
      <TieBreakNote rows={rows} />
      <WithdrawnNote rows={rows} />
    </div>
  );
}
