// The console's Ligues tab: pick an event that is not over (its last day at the centre is
// today or later), then make it a weekly league ('Créer la ligue'), or run the one it is: the
// first night's order until a night is played, this week's absences, the season's nights with
// their grids to print and 'Annuler la soirée'. This week's grid itself is the event page's
// (/event/{id}), linked. The chosen event is kept in ?event= so that a reload comes back to it.
// An event with a tournament cannot hold a league: the server answers 409 and the toast says so.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../components/QueryStatus';
import { Select } from '../../components/form/Select';
import { centreDay, formatDate } from '../../lib/format';
import { useSearchParam } from '../../lib/useSearchParam';
import { useAdminEvents, type AdminEvent } from '../events/queries';
import { eventTitle } from '../events/model';
import { useEventLeague, type PublicLeague } from '../league-page/queries';
import { CreateLeagueForm } from './CreateLeagueForm';
import { LeagueNights } from './LeagueNights';
import { Absences, SeedingList } from './LeagueTeams';

/** The events a league can be made of or run for: not over yet, soonest first. */
function openEvents(events: AdminEvent[], now: Date = new Date()): AdminEvent[] {
  const today = centreDay(now);
  return events
    .filter((event) => centreDay(event.endDate ?? event.startDate) >= today)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.id - b.id);
}

export function AdminLeaguesTab() {
  const { t, i18n } = useTranslation('leagues');
  const events = useAdminEvents();
  const [asked, choose] = useSearchParam('event');
  const list = useMemo(() => openEvents(events.data ?? []), [events.data]);
  const selected = list.find((event) => event.id === Number(asked)) ?? list[0] ?? null;
  return (
    <section aria-labelledby="admin-leagues-title" className="space-y-6">
      <h2 id="admin-leagues-title" className="text-2xl font-bold">
        {t('admin.title')}
      </h2>
      <QueryStatus query={events} error={t('admin.loadError')}>
        {() =>
          list.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">{t('admin.noEvents')}</p>
          ) : (
            <Select name="eventId" label={t('admin.event')} value={String(selected?.id ?? '')} onValueChange={choose} error={undefined} selectClassName="min-h-11 sm:max-w-xl">
              {list.map((event) => (
                <option key={event.id} value={event.id}>
                  {eventTitle(event, i18n.language)} - {formatDate(event.startDate, i18n.language)}
                </option>
              ))}
            </Select>
          )
        }
      </QueryStatus>
      {selected && <EventLeagueAdmin event={selected} />}
    </section>
  );
}

function EventLeagueAdmin({ event }: { event: AdminEvent }) {
  const { t } = useTranslation('leagues');
  const query = useEventLeague(event.id);
  return (
    <QueryStatus query={query} error={t('admin.loadError')}>
      {(data: PublicLeague) =>
        data.league ? (
          <LeagueAdmin eventId={event.id} data={data} />
        ) : event.hasTournament ? (
          <p className="text-slate-700">{t('admin.hasTournament')}</p>
        ) : (
          <CreateLeagueForm eventId={event.id} />
        )
      }
    </QueryStatus>
  );
}

function LeagueAdmin({ eventId, data }: { eventId: number; data: PublicLeague }) {
  const { t } = useTranslation('leagues');
  const league = data.league;
  if (!league) return null;
  const night = data.night;
  const played = league.nights.some((n) => n.state === 'played');
  const grid = night?.tiers.flatMap((tier) => tier.teams.map((team) => team.teamId)).join(',');
  return (
    <div className="space-y-8">
      <p>
        <Link className="font-semibold text-lake-600 underline" to={`/event/${eventId}`}>
          {t('admin.seeGrid')}
        </Link>
      </p>
      {night && night.state === 'published' && !played && night.number === 1 && <SeedingList key={grid} eventId={eventId} leagueId={league.id} night={night} />}
      {night && night.state === 'published' && <Absences eventId={eventId} leagueId={league.id} night={night} />}
      <LeagueNights eventId={eventId} leagueId={league.id} nights={league.nights} />
    </div>
  );
}
