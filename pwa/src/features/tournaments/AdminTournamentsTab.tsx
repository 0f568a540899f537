// The console's Tournois tab: pick an upcoming event, configure and create its
// tournament, then follow it: its state, the schedule's quality, the standings, the graphical
// schedule where scores are entered (one-handed, on a phone at the courts) and a print view.
// The chosen event is kept in ?event= so that a reload at the courts comes back to it. Scores
// entered on this phone show at once (sync/useProjection.ts), with the open score conflicts
// and this phone's refused scores above the schedule; those of other phones and tabs within a
// moment (the live stream, tournament-shared/useTournamentStream.ts).
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { QueryStatus } from '../../components/QueryStatus';
import { useSearchParam } from '../../lib/useSearchParam';
import { useAdminEvents } from '../events/queries';
import { AdminSchedule } from './AdminSchedule';
import { EventSelect } from './EventSelect';
import { tournamentChoice, tournamentNames, type TournamentNames } from './eventChoice';
import { PrintView } from './PrintView';
import { formatsOf } from '../tournament-shared/format';
import { refreshAdminTournament, useAdminMatches, useAdminStandings, useAdminTournament, useScoreConflicts } from '../tournament-shared/queries';
import { useTournamentStream } from '../tournament-shared/useTournamentStream';
import { RejectedScores } from './RejectedScores';
import { ScheduleQualityCard } from './ScheduleQualityCard';
import { ScoreConflicts } from './ScoreConflicts';
import { StandingsTabs } from './StandingsTabs';
import { OfflineLine } from './sync/OfflineLine';
import { useProjection } from './sync/useProjection';
import { CreateTournamentCard } from './TournamentConfigForm';
import { TournamentStatusCard } from './TournamentStatusCard';
import { DeviceNameField } from './sync/DeviceName';
import type { AdminTournament, Match, Standing } from '../tournament-shared/types';

const NO_MATCHES: Match[] = [];
const NO_STANDINGS: Standing[] = [];

export function AdminTournamentsTab() {
  const { t, i18n } = useTranslation('tournaments');
  const events = useAdminEvents();
  const [asked, setAsked] = useSearchParam('event');
  const { list: upcoming, opened } = useMemo(() => tournamentChoice(events.data ?? []), [events.data]);
  const selected = upcoming.find((event) => event.id === Number(asked)) ?? opened;
  const tournament = useAdminTournament(selected?.id ?? null);
  const choose = (id: number) => setAsked(String(id));

  return (
    <section aria-labelledby="admin-tournaments-title" className="space-y-6">
      <h2 id="admin-tournaments-title" className="text-2xl font-bold">
        {t('admin.title')}
      </h2>
      <QueryStatus query={events} error={t('loadError')}>
        {() => <EventSelect events={upcoming} value={selected?.id ?? null} onChange={choose} />}
      </QueryStatus>
      {selected && (
        <>
          <CreateTournamentCard eventId={selected.id} exists={!!tournament.data} loading={tournament.isLoading} />
          {tournament.isError && (
            <p role="alert" className="text-red-800">
              {t('loadError')}
            </p>
          )}
          {tournament.data && <TournamentDashboard tournament={tournament.data} eventId={selected.id} names={tournamentNames(tournament.data.name, selected, i18n.language)} />}
        </>
      )}
    </section>
  );
}

/** Everything about an existing tournament. */
function TournamentDashboard({ tournament, eventId, names }: { tournament: AdminTournament; eventId: number; names: TournamentNames }) {
  const { t } = useTranslation('tournaments');
  const queryClient = useQueryClient();
  const matches = useAdminMatches(tournament.id);
  const standings = useAdminStandings(tournament.id);
  const conflicts = useScoreConflicts(tournament.id);
  const kept = useAdminTournament(eventId);
  const refresh = useCallback(() => refreshAdminTournament(queryClient, eventId), [queryClient, eventId]);
  useTournamentStream(eventId, tournament, matches.data ?? NO_MATCHES, refresh);
  const reads = [kept, matches, standings, conflicts];
  const formats = useMemo(() => formatsOf(tournament), [tournament]);
  const projected = useProjection(tournament.id, matches.data ?? NO_MATCHES, standings.data ?? NO_STANDINGS, formats);
  const list = projected.matches;
  const rows = projected.standings;
  return (
    <>
      <OfflineLine loaded={reads.every((read) => read.isSuccess)} updatedAt={Math.max(...reads.map((read) => read.dataUpdatedAt))} />
      <TournamentStatusCard tournament={tournament} name={names.tournament} />
      {tournament.quality && <ScheduleQualityCard quality={tournament.quality} duty={tournament.dutyQuality} />}
      {(matches.isError || standings.isError) && (
        <p role="alert" className="text-red-800">
          {t('loadError')}
        </p>
      )}
      {list.length > 0 && (
        <div className="flex justify-end">
          <Button
            onClick={() => window.print()}
          >
            {t('admin.print')}
          </Button>
        </div>
      )}
      <ScoreConflicts tournament={tournament} />
      <RejectedScores entries={projected.entries} matches={list} />
      <StandingsTabs tournament={tournament} standings={rows} matches={list} />
      <AdminSchedule tournament={tournament} matches={list} teams={rows} waiting={projected.waiting} loading={matches.isLoading} />
      {list.length > 0 && <DeviceNameField />}
      {list.length > 0 && <PrintView tournament={tournament} names={names} matches={list} standings={rows} />}
    </>
  );
}
