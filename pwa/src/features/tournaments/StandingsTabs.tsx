// The standings tabs: 'Classement général' (one table per pool when there are pools, 'Poule A',
// 'Poule B'…, with the columns of the pool's format) with the points legend of that format, and one tab per knockout round listing its teams once
// matches of that round exist, else saying what must be completed first.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/Tabs';
import { poolLetter, roundName, sideName } from '../tournament-shared/rounds';
import { KNOCKOUT_ROUNDS, knockoutColumns, roundAvailability, type KnockoutRound } from '../tournament-shared/schedule';
import { formatsOf, pointsLegend } from '../tournament-shared/format';
import { byPool } from '../tournament-shared/standings';
import { StandingsTable } from './StandingsTable';
import type { Match, Standing, Tournament } from '../tournament-shared/types';

type StandingsTab = 'general' | KnockoutRound;
const TABS: StandingsTab[] = ['general', ...KNOCKOUT_ROUNDS];

export function StandingsTabs({ tournament, standings, matches }: { tournament: Tournament; standings: Standing[]; matches: Match[] }) {
  const { t } = useTranslation('tournaments');
  const [tab, setTab] = useState<StandingsTab>('general');
  return (
    <section aria-labelledby="standings-title" className="rounded-xl border border-slate-200 p-5 shadow-sm">
      <h3 id="standings-title" className="text-lg font-semibold">
        {t('standings.label')}
      </h3>
      <div className="mt-3">
        <Tabs
          look="small"
          tabs={TABS}
          selected={tab}
          onSelect={setTab}
          label={t('standings.label')}
          tabLabel={(name) => t(`standings.tabs.${name}`)}
          panel={
            tab === 'general' ? (
              <GeneralStandings tournament={tournament} standings={standings} />
            ) : (
              <KnockoutRoundTeams round={tab} tournament={tournament} standings={standings} matches={matches} />
            )
          }
        />
      </div>
    </section>
  );
}

function GeneralStandings({ tournament, standings }: { tournament: Tournament; standings: Standing[] }) {
  const { t } = useTranslation('tournaments');
  if (standings.length === 0) return <p className="text-slate-700">{t('standings.empty')}</p>;
  const pools = byPool(standings);
  const format = formatsOf(tournament).pool;
  return (
    <div className="space-y-6">
      {pools.map((rows) => (
        <StandingsTable
          key={rows[0]?.pool ?? 0}
          rows={rows}
          format={format}
          caption={tournament.poolCount > 1 ? t('standings.pool', { letter: poolLetter(rows[0]?.pool ?? 0) }) : undefined}
        />
      ))}
      <p className="text-sm text-slate-700">{pointsLegend(format, t)}</p>
    </div>
  );
}

/** 'A1' with pools, '1' without: where a team finished in the pool phase. */
function seedOf(teamId: number | null, standings: Standing[], poolCount: number): string | null {
  const row = standings.find((s) => s.teamId === teamId);
  if (!row) return null;
  return poolCount > 1 ? `${poolLetter(row.pool)}${row.position}` : String(row.position);
}

function KnockoutRoundTeams({ round, tournament, standings, matches }: { round: KnockoutRound; tournament: Tournament; standings: Standing[]; matches: Match[] }) {
  const { t } = useTranslation('tournaments');
  const state = roundAvailability(round, matches);
  if (state !== 'available') {
    return <p className="rounded bg-slate-50 p-4 text-slate-700">{t(state === 'notYet' ? `standings.notYet.${round}` : `standings.skipped.${round}`)}</p>;
  }
  const side = (match: Match, n: 1 | 2) => {
    const seed = seedOf(n === 1 ? match.team1Id : match.team2Id, standings, tournament.poolCount);
    return (
      <span className="font-semibold">
        {sideName(match, n, t)}
        {seed && <span className="ml-1 font-normal text-slate-600">{t('standings.seed', { seed })}</span>}
      </span>
    );
  };
  return (
    <ul className="space-y-2" data-testid="knockout-teams">
      {(knockoutColumns(matches).find((column) => column.round === round)?.matches ?? []).map((match) => (
          <li key={match.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-slate-200 p-3">
            <span className="w-full text-sm font-medium text-slate-600 sm:w-auto">{roundName(match, tournament.poolCount, t)}</span>
            {side(match, 1)}
            <span className="text-slate-600">{t('schedule.versus')}</span>
            {side(match, 2)}
          </li>
      ))}
    </ul>
  );
}
