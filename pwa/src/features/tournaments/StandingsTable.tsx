// The console's standings table: position, team, Pts, V, N, D, BP, BC, Diff;
// where the pool's format has sets, also 'Manches' (won-lost), 'Q. manches' and 'Q. points'
// (a ratio with nothing lost is 'MAX'). The top 2 rows green ('Finale'), rows 3 and 4 yellow
// ('Demi-finale'). Under the table, what separated teams level on points (each row's
// `decidedBy`, centre-core's ranking).
import { useTranslation } from 'react-i18next';
import { Badge } from '../tournament-shared/Badges';
import { ratioText, setsOf, setsRecord, type MatchFormat } from '../tournament-shared/format';
import { teamName, type Translate } from '../tournament-shared/rounds';
import { qualificationZone, signed } from '../tournament-shared/standings';
import { TieBreakNote, WithdrawnNote } from '../tournament-shared/StandingsNotes';
import type { Standing } from '../tournament-shared/types';

const SINGLE_COLUMNS = ['points', 'wins', 'draws', 'losses', 'for', 'against', 'diff'] as const;
const SETS_COLUMNS = ['points', 'wins', 'draws', 'losses', 'sets', 'setRatio', 'for', 'against', 'pointRatio', 'diff'] as const;
type Column = (typeof SETS_COLUMNS)[number];

function cells(row: Standing, lang: string, t: Translate): Record<Column, string> {
  return {
    points: String(row.tournamentPoints),
    wins: String(row.wins),
    draws: String(row.draws),
    losses: String(row.losses),
    sets: setsRecord(row),
    setRatio: ratioText(row.setRatio, row.played, lang, t),
    for: String(row.pointsFor),
    against: String(row.pointsAgainst),
    pointRatio: ratioText(row.pointRatio, row.played, lang, t),
    diff: signed(row.pointsDifferential),
  };
}

const ZONE_ROW = { final: 'bg-green-50', semifinal: 'bg-amber-50' } as const;
/** Position and team stay at the left edge while the figures scroll under them (each with its
 *  row's background); a thin line marks where they pass. */
const STICKY_POSITION = 'sticky left-0 z-10 w-10 min-w-10';
const STICKY_TEAM = 'sticky left-10 z-10 min-w-[8rem] shadow-[1px_0_0_var(--color-slate-200)] [overflow-wrap:anywhere]';

interface StandingsTableProps {
  rows: Standing[];
  caption?: string;
  /** The pool's format: its sets add their columns (none known: `single`). */
  format?: MatchFormat;
}

export function StandingsTable({ rows, caption, format }: StandingsTableProps) {
  const { t, i18n } = useTranslation('tournaments');
  const columns: readonly Column[] = setsOf(format) ? SETS_COLUMNS : SINGLE_COLUMNS;
  // On a phone the table scrolls sideways inside its box, team kept in view: the region takes the
  // focus so a keyboard can scroll it too.
  return (
    <div>
      <div className="overflow-x-auto" role="region" tabIndex={0} aria-label={caption ?? t('standings.tabs.general')}>
        <table className="w-full text-left text-sm" data-testid="standings-table">
          {caption && <caption className="mb-2 text-left text-base font-semibold">{caption}</caption>}
          <thead>
            <tr className="border-b border-slate-300 text-slate-700">
              <th scope="col" className={`${STICKY_POSITION} bg-white px-2 py-2`}>
                <abbr title={t('standings.cols.positionLong')}>{t('standings.cols.position')}</abbr>
              </th>
              <th scope="col" className={`${STICKY_TEAM} bg-white px-2 py-2`}>
                {t('standings.cols.team')}
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-2 text-right" data-column={column}>
                  <abbr title={t(`standings.cols.${column}Long`)}>{t(`standings.cols.${column}`)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const zone = qualificationZone(row.position, row.withdrawn);
              const values = cells(row, i18n.language, t);
              const background = zone ? ZONE_ROW[zone] : 'bg-white';
              return (
                <tr key={row.teamId} className={`border-b border-slate-100 ${zone ? ZONE_ROW[zone] : ''}`} data-zone={zone ?? undefined}>
                  <td className={`${STICKY_POSITION} ${background} px-2 py-2 font-semibold`}>{row.position}</td>
                  <th scope="row" className={`${STICKY_TEAM} ${background} px-2 py-2 font-semibold`}>
                    <span className="mr-2">{teamName(row.teamName, row.withdrawn, t)}</span>
                    {zone && <Badge tone={zone === 'final' ? 'green' : 'amber'}>{t(`standings.zone.${zone}`)}</Badge>}
                  </th>
                  {columns.map((column) => (
                    <td key={column} className={`whitespace-nowrap px-2 py-2 text-right tabular-nums ${column === 'points' ? 'font-bold' : ''}`}>
                      {values[column]}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <TieBreakNote rows={rows} />
      <WithdrawnNote rows={rows} />
    </div>
  );
}
