// The tournament parts of the event page /event/{eventId}: the signed-in member's 'Votre équipe'
// card with the team's day (and, where the teams score, their results to report), the match
// schedule and the 'Classement'. They follow the tournament live while it runs
// (useTournamentStream), and are kept for offline use at once.
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keepOfflineNow } from '../../api/offline';
import { QueryStatus } from '../../components/QueryStatus';
import { useCurrentUser } from '../auth/session';
import { PublicMatchList } from './PublicMatchList';
import { PublicStandings } from './PublicStandings';
import { formatsOf } from '../tournament-shared/format';
import { refreshEventTournament, useEventTournament, useUserTeam } from '../tournament-shared/queries';
import { useTournamentStream } from '../tournament-shared/useTournamentStream';
import { YourTeamCard } from './YourTeamCard';
import { CaptainReports } from './CaptainReports';

const NO_MATCHES: never[] = [];

export function EventTournament({ eventId }: { eventId: string }) {
  const { t } = useTranslation('tournaments');
  const { isSignedIn } = useCurrentUser();
  const data = useEventTournament(eventId);
  const team = useUserTeam(eventId, isSignedIn);
  const tournament = data.data?.tournament ?? null;
  const matches = data.data?.matches ?? NO_MATCHES;
  const queryClient = useQueryClient();
  const refresh = useCallback(() => refreshEventTournament(queryClient, eventId), [queryClient, eventId]);
  useTournamentStream(eventId, tournament, matches, refresh);
  // Kept for offline use as soon as it shows, not once the page has settled.
  useEffect(() => {
    if (tournament) void keepOfflineNow();
  }, [tournament]);

  // A member's team card sits above the schedule: wait for it too, or it would push the
  // schedule down when it arrives.
  if (data.isLoading || data.isError || team.isLoading) {
    return <QueryStatus<unknown> query={data.isLoading || data.isError ? data : team} className="mt-8" error={t('loadError')} />;
  }
  if (!tournament) {
    return <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">{t('public.none')}</p>;
  }
  const myTeam = team.data ?? null;
  const formats = formatsOf(tournament);
  return (
    <section aria-labelledby="event-tournament-title" className="mt-10 space-y-8" data-testid="event-tournament">
      <h2 id="event-tournament-title" className="text-2xl font-bold">
        {t('public.title')}
      </h2>
      {myTeam && <YourTeamCard team={myTeam} matches={matches} poolCount={tournament.poolCount} format={formats.pool} over={tournament.status === 'completed'} />}
      {myTeam && tournament.scoring === 'teams' && (
        <CaptainReports eventId={tournament.eventId} teamId={myTeam.teamId} matches={matches} poolCount={tournament.poolCount} formats={formats} confirmMinutes={tournament.confirmMinutes} />
      )}
      {matches.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">{t('public.notScheduled')}</p>
      ) : (
        <>
          <PublicMatchList matches={matches} poolCount={tournament.poolCount} myTeamId={myTeam?.teamId ?? null} />
          <PublicStandings standings={data.data?.standings ?? []} poolCount={tournament.poolCount} myTeamId={myTeam?.teamId ?? null} format={formats.pool} />
        </>
      )}
    </section>
  );
}
