// What 'Imprimer' puts on paper (A4): one page per pool with its standings and its matches
// (an empty score box to fill in by hand; a score in sets written out, '21-18, 17-21'; the work
// team that referees it, where a table has any), then the knockout. It sits beside the app's
// root, hidden on screen; when printing, index.css shows it alone (the console is hidden).
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { formatOf, formatsOf, pointsLegend, setsOf, setsOfScore, setsText, type Formats } from '../tournament-shared/format';
import { courtOf, dutyName, poolLetter, roundName, sideName } from '../tournament-shared/rounds';
import { bySchedule, poolMatches } from '../tournament-shared/schedule';
import { StandingsTable } from './StandingsTable';
import type { Match, Standing, Tournament } from '../tournament-shared/types';
import type { TournamentNames } from './eventChoice';

interface PrintViewProps {
  tournament: Tournament;
  names: TournamentNames;
  matches: Match[];
  standings: Standing[];
}

export function PrintView({ tournament, names, matches, standings }: PrintViewProps) {
  const { t } = useTranslation('tournaments');
  if (typeof document === 'undefined') return null;
  const pools = Array.from({ length: Math.max(1, tournament.poolCount) }, (_, pool) => pool);
  const single = tournament.poolCount <= 1;
  const knockout = matches.filter((m) => m.roundType !== 'pool').sort(bySchedule);
  // The server names a tournament after its event: no need to say it twice.
  const heading = names.tournament === names.event ? names.tournament : t('print.heading', { name: names.tournament, event: names.event });
  const formats = formatsOf(tournament);
  return createPortal(
    <div className="tournament-print" data-testid="print-view">
      {pools.map((pool) => (
        <section key={pool} className="print-page">
          <h2 className="text-lg font-bold">{heading}</h2>
          <h3 className="mt-2 text-base font-semibold">{single ? t('standings.tabs.general') : t('standings.pool', { letter: poolLetter(pool) })}</h3>
          <StandingsTable rows={standings.filter((s) => single || s.pool === pool).sort((a, b) => a.position - b.position)} format={formats.pool} />
          <p className="mt-1 text-xs">{pointsLegend(formats.pool, t)}</p>
          <MatchesTable matches={poolMatches(matches, single ? null : pool)} poolCount={tournament.poolCount} formats={formats} />
        </section>
      ))}
      {knockout.length > 0 && (
        <section className="print-page">
          <h2 className="text-lg font-bold">{heading}</h2>
          <h3 className="mt-2 text-base font-semibold">{t('schedule.knockout')}</h3>
          <MatchesTable matches={knockout} poolCount={tournament.poolCount} formats={formats} />
        </section>
      )}
    </div>,
    document.body,
  );
}

/** A completed match's score: '21 – 15', or its sets ('21-18, 17-21'). */
function scoreText(match: Match): string {
  if (match.status !== 'completed') return '';
  const sets = setsOfScore(match);
  return sets.length > 0 ? setsText(sets) : `${match.team1Score ?? ''} – ${match.team2Score ?? ''}`;
}

function MatchesTable({ matches, poolCount, formats }: { matches: Match[]; poolCount: number; formats: Formats }) {
  const { t } = useTranslation('tournaments');
  const cell = 'border border-slate-400 px-2 py-1';
  // A column left empty on every row would only take room from the team names.
  const withDuty = matches.some((match) => match.dutyTeamId !== null || match.dutyFromCode !== null);
  const columns = ['time', 'court', 'round', 'team1', 'score', 'team2', ...(withDuty ? (['duty'] as const) : [])] as const;
  return (
    <table className="mt-3 w-full border-collapse text-left text-sm">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={cell}>
              {t(`print.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matches.map((match) => (
          <tr key={match.id}>
            <td className={cell}>{match.scheduledTime ? formatTime(match.scheduledTime) : t('schedule.tbdTime')}</td>
            <td className={cell}>{courtOf(match) ?? ''}</td>
            <td className={cell}>{roundName(match, poolCount, t)}</td>
            <td className={cell}>{sideName(match, 1, t)}</td>
            {/* Sets need room to be written by hand. */}
            <td className={`${cell} ${setsOf(formatOf(formats, match)) ? 'w-40' : 'w-24'} text-center`}>{scoreText(match)}</td>
            <td className={cell}>{sideName(match, 2, t)}</td>
            {withDuty && <td className={cell}>{dutyName(match, t) ?? ''}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
