// The console's standings table (spec section 2): position, team, Pts, V, N, D, BP, BC, Diff;
// the top 2 rows green ('Finale'), rows 3 and 4 yellow ('Demi-finale').
import { useTranslation } from 'react-i18next';
import { Badge } from '../tournament-shared/Badges';
import { qualificationZone, signed } from '../tournament-shared/standings';
import type { Standing } from '../tournament-shared/types';

const COLUMNS = ['points', 'wins', 'draws', 'losses', 'for', 'against', 'diff'] as const;

function cells(row: Standing): Record<(typeof COLUMNS)[number], string> {
  return {
    points: String(row.tournamentPoints),
    wins: String(row.wins),
    draws: String(row.draws),
    losses: String(row.losses),
    for: String(row.pointsFor),
    against: String(row.pointsAgainst),
    diff: signed(row.pointsDifferential),
  };
}

const ZONE_ROW = { final: 'bg-green-50', semifinal: 'bg-amber-50' } as const;

export function StandingsTable({ rows, caption }: { rows: Standing[]; caption?: string }) {
  const { t } = useTranslation('tournaments');
  // On a phone the table scrolls sideways: the region takes the focus so a keyboard can scroll it too.
  return (
    <div className="overflow-x-auto" role="region" tabIndex={0} aria-label={caption ?? t('standings.tabs.general')}>
      <table className="w-full min-w-[32rem] text-left text-sm" data-testid="standings-table">
        {caption && <caption className="mb-2 text-left text-base font-semibold">{caption}</caption>}
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            <th scope="col" className="px-2 py-2">
              <abbr title={t('standings.cols.positionLong')}>{t('standings.cols.position')}</abbr>
            </th>
            <th scope="col" className="px-2 py-2">
              {t('standings.cols.team')}
            </th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-2 py-2 text-right">
                <abbr title={t(`standings.cols.${column}Long`)}>{t(`standings.cols.${column}`)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const zone = qualificationZone(row.position);
            const values = cells(row);
            return (
              <tr key={row.teamId} className={`border-b border-slate-100 ${zone ? ZONE_ROW[zone] : ''}`} data-zone={zone ?? undefined}>
                <td className="px-2 py-2 font-semibold">{row.position}</td>
                <th scope="row" className="px-2 py-2 font-semibold">
                  <span className="mr-2">{row.teamName}</span>
                  {zone && <Badge tone={zone === 'final' ? 'green' : 'amber'}>{t(`standings.zone.${zone}`)}</Badge>}
                </th>
                {COLUMNS.map((column) => (
                  <td key={column} className={`px-2 py-2 text-right tabular-nums ${column === 'points' ? 'font-bold' : ''}`}>
                    {values[column]}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
