// The event page's 'Classement': sorted by tournament points then points differential, medals
// for the top three, the member's team highlighted; one list per pool when there are pools.
import { useTranslation } from 'react-i18next';
import { poolLetter } from '../tournament-shared/rounds';
import { byPool, MEDAL_EMOJI, medalAt, publicOrder, signed } from '../tournament-shared/standings';
import type { Standing } from '../tournament-shared/types';

export function PublicStandings({ standings, poolCount, myTeamId }: { standings: Standing[]; poolCount: number; myTeamId: number | null }) {
  const { t } = useTranslation('tournaments');
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
            rows={publicOrder(rows)}
            title={poolCount > 1 ? t('standings.pool', { letter: poolLetter(rows[0]?.pool ?? 0) }) : null}
            myTeamId={myTeamId}
          />
        ))
      )}
      <p className="mt-2 text-sm text-slate-700">{t('standings.legend')}</p>
    </section>
  );
}

function StandingsList({ rows, title, myTeamId }: { rows: Standing[]; title: string | null; myTeamId: number | null }) {
  const { t } = useTranslation('tournaments');
  return (
    <div className="mt-3">
      {title && <h4 className="font-semibold">{title}</h4>}
      <ol className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="public-standings">
        {rows.map((row, index) => {
          const medal = medalAt(index);
          const mine = row.teamId === myTeamId;
          return (
            <li
              key={row.teamId}
              data-testid="public-standing"
              aria-current={mine ? 'true' : undefined}
              className={`flex items-center gap-3 px-4 py-3 ${mine ? 'bg-brand-50 font-semibold ring-2 ring-inset ring-brand-600' : ''}`}
            >
              <span className="w-8 text-center text-lg">
                {medal ? (
                  <span role="img" aria-label={t(`public.medal.${medal}`)}>
                    {MEDAL_EMOJI[medal]}
                  </span>
                ) : (
                  index + 1
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block">
                  {row.teamName}
                  {mine && <span className="ml-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('public.yourTeam')}</span>}
                </span>
                <span className="block text-sm font-normal text-slate-700">
                  {t('public.record', { wins: row.wins, losses: row.losses, diff: signed(row.pointsDifferential) })}
                </span>
              </span>
              <span className="w-16 text-right font-bold tabular-nums">{t('public.points', { count: row.tournamentPoints })}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
