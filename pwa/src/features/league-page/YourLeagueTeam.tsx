// 'Votre équipe' on a league's event page, for a member who registered a team of this week's
// grid: its tier, court and how it moved since last week, its matches at the centre's clock,
// and 'Nous ne pourrons pas venir' (or, once said, 'Finalement, nous serons là') while the
// grid is out; once the night has started the server refuses it and the toast says why. The team is the member's own registration of the event: the grid names teams
// by their registration.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { formatTime } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { useMyEventRegistrations } from '../events/queries';
import { useSayAvailability } from './mutations';
import type { LeagueNight } from './queries';

export function YourLeagueTeam({ eventId, leagueId, night }: { eventId: number; leagueId: number; night: LeagueNight }) {
  const { t, i18n } = useTranslation('leagues');
  const { isSignedIn } = useCurrentUser();
  const registrations = useMyEventRegistrations(isSignedIn);
  const say = useSayAvailability(eventId, leagueId);
  const mine = new Set((registrations.data ?? []).filter((r) => r.eventId === eventId).map((r) => r.id));
  const tier = night.tiers.find((x) => x.teams.some((team) => mine.has(team.teamId)));
  const team = tier?.teams.find((x) => mine.has(x.teamId));
  if (!tier || !team) return null;
  const court = i18n.language === 'en' && tier.courtNameEn ? tier.courtNameEn : tier.courtName;
  const name = (id: number) => tier.teams.find((x) => x.teamId === id)?.teamName ?? '';
  const matches = tier.matches.filter((m) => m.team1Id === team.teamId || m.team2Id === team.teamId);
  return (
    <section aria-labelledby="league-team-title" className="rounded-xl border-2 border-brand-600 bg-brand-50 p-5" data-testid="league-team">
      <h3 id="league-team-title" className="text-xl font-bold text-brand-800">
        {t('team.title')}
      </h3>
      <p className="mt-1 text-lg font-semibold break-words">{team.teamName}</p>
      <p className="text-slate-800">
        {t('team.where', { n: night.number, tier: tier.tier, court })} · {t(`movement.${team.movement}`)}
      </p>
      <ul className="mt-2 space-y-1 text-slate-800">
        {matches.map((m) => (
          <li key={`${m.team1Id}-${m.team2Id}`}>
            {t('team.match', { time: formatTime(m.scheduledTime), team: name(m.team1Id === team.teamId ? m.team2Id : m.team1Id) })}
          </li>
        ))}
      </ul>
      {team.absent && <p className="mt-3 font-medium text-amber-900">{t('team.absent', { n: night.number })}</p>}
      {night.state === 'published' && (
        <Button
          className="mt-3 min-h-12 w-full sm:w-auto"
          disabled={say.isPending}
          onClick={() => say.mutate({ night: night.number, teamId: team.teamId, available: team.absent })}
        >
          {team.absent ? t('team.willCome') : t('team.cantCome')}
        </Button>
      )}
    </section>
  );
}
