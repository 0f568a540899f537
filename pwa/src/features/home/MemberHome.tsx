import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { centre } from '../../config';
import { QueryStatus } from '../../components/QueryStatus';
import { usePageMeta } from '../../components/usePageMeta';
import { centreToday } from '../../lib/dates';
import { centreYear, formatDateTime, formatDay, formatLongDateTime, formatPrice } from '../../lib/format';
import type { User } from '../auth/session';
import { useMyDayCampRegistrations, type MyDayCampRegistration } from '../daycamps/queries';
import { isFull, localizedEvent } from '../events/model';
import { useEvents, type Event } from '../events/queries';
import { useMyRegistrations, type UserRegistration } from '../registrations/queries';
import { nextTournamentMatch, useMyTournamentData } from '../tournament-shared/queries';
import { timeLeft, useMyWaitlist } from '../waitlist/queries';
import { HomeSkeleton } from './HomePage';
import { homeRegistrations } from './homeRegistrations';

/** How many upcoming events and registrations the home shows. */
const HOME_LIMIT = 3;
/** Member-since year when the account has no creation date. */
const DEFAULT_MEMBER_SINCE = 2024;

const quickActions = [
  { key: 'events', to: '/events' },
  { key: 'reservations', to: '/reservations' },
  { key: 'dayCamps', to: '/day-camps' },
  { key: 'private', to: null },
] as const;

/** The signed-in member's home. */
export function MemberHome({ user }: { user: User }) {
  const { t } = useTranslation('home');
  usePageMeta(t('meta.title'), t('meta.description'));
  const name = user.firstName?.trim() || t('memberFallback');
  // The cards arrive together: one that grew while another was still loading would push the
  // ones below it (on a phone they are one column). Until then, the home's skeleton.
  const events = useEvents();
  const registrations = useRegistrationRows();
  const dayCamps = useMyDayCampRegistrations(true);
  const tournament = useMyTournamentData(registrations.rows.length > 0);
  if (events.isLoading || registrations.isPending || dayCamps.isLoading || tournament.isLoading) return <HomeSkeleton />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('welcome', { name })}</h1>
      <p className="mt-2 text-slate-700">{t('subtitle')}</p>

      <section aria-labelledby="quick-title" className="mt-8">
        <h2 id="quick-title" className="sr-only">
          {t('quick.title')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {quickActions.map(({ key, to }) => (
            <li key={key}>
              {to ? (
                <Link to={to} className="block h-full rounded-xl border border-slate-200 p-5 shadow-sm hover:border-brand-600 hover:bg-brand-50">
                  <span className="block text-lg font-semibold text-brand-800">{t(`quick.${key}.title`)}</span>
                  <span className="mt-1 block text-sm text-slate-700">{t(`quick.${key}.text`)}</span>
                </Link>
              ) : (
                <div className="h-full rounded-xl border border-dashed border-slate-300 p-5">
                  <span className="block text-lg font-semibold text-slate-900">{t(`quick.${key}.title`)}</span>
                  <span className="mt-1 block text-sm text-slate-700">{t(`quick.${key}.text`, { email: centre.email })}</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <UpcomingEvents />
        <div className="space-y-6">
          <NextMatchCard />
          <MyRegistrationsCard />
          <WaitlistCard />
          <StatsCard user={user} />
          <PromoCard />
        </div>
      </div>
    </div>
  );
}

function UpcomingEvents() {
  const { t } = useTranslation('home');
  const events = useEvents();
  return (
    <section aria-labelledby="upcoming-title" className="lg:col-span-2" aria-busy={events.isPending}>
      <h2 id="upcoming-title" className="text-2xl font-bold">
        {t('upcoming.title')}
      </h2>
      <QueryStatus
        query={events}
        className="mt-4"
        error={t('upcoming.error')}
        loadingLabel={t('upcoming.loading')}
        empty={
          <div className="rounded-xl border border-slate-200 p-6 text-center">
            <p className="text-slate-700">{t('upcoming.empty')}</p>
            <Link to="/events" className="mt-4 inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
              {t('upcoming.browse')}
            </Link>
          </div>
        }
      >
        {(list) => (
          <ul className="mt-4 space-y-4">
            {list.slice(0, HOME_LIMIT).map((event) => (
              <UpcomingEvent key={event.id} event={event} />
            ))}
          </ul>
        )}
      </QueryStatus>
    </section>
  );
}

function UpcomingEvent({ event }: { event: Event }) {
  const { t, i18n } = useTranslation('home');
  const { title } = localizedEvent(event, i18n.language);
  const full = isFull(event);
  return (
    <li className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 p-5 shadow-sm">
      <div>
        <h3 className="text-lg font-semibold">{title}</h3>
        <p className="text-sm text-slate-700">{formatLongDateTime(event.startDate, i18n.language)}</p>
        <p className="text-sm text-slate-700">{event.location}</p>
        <p className="mt-1 text-sm font-medium text-brand-800">
          {event.price > 0 ? t('upcoming.pricePerPerson', { price: formatPrice(event.price, i18n.language) }) : t('upcoming.free')}
        </p>
      </div>
      {full ? (
        <span className="rounded bg-slate-200 px-4 py-2 font-semibold text-slate-800">{t('upcoming.full')}</span>
      ) : (
        <Link to="/events" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {t('upcoming.register')}
        </Link>
      )}
    </li>
  );
}

/** The registrations, or [] while GET /api/user/registrations does not exist yet (a 404). */
function useRegistrationRows() {
  const registrations = useMyRegistrations();
  const missing = registrations.error instanceof ApiError && registrations.error.status === 404;
  return {
    isPending: registrations.isPending,
    isError: registrations.isError && !missing,
    rows: missing ? [] : (registrations.data ?? []),
  };
}

/** What 'Mes inscriptions' lists and the stats count: the same list (homeRegistrations.ts). */
function useHomeRegistrations() {
  const events = useRegistrationRows();
  // The member is signed in: this is their home.
  const dayCamps = useMyDayCampRegistrations(true);
  return {
    isPending: events.isPending || dayCamps.isPending,
    isError: events.isError || dayCamps.isError,
    list: homeRegistrations(events.rows, dayCamps.data ?? [], centreToday()),
  };
}

/** The member's waiting lists, when any: each list's rank, or the live offer with the time
 * left and the link to answer it. */
function WaitlistCard() {
  const { t, i18n } = useTranslation('home');
  const entries = useMyWaitlist(true);
  const list = entries.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="waitlist-title" className="rounded-xl border border-slate-200 p-5 shadow-sm">
      <h2 id="waitlist-title" className="text-xl font-bold">
        {t('waitlist.title')}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {list.map((e) => {
          const live = e.offer?.state === 'live' ? e.offer : null;
          const left = live ? timeLeft(live.expiresAt) : null;
          return (
            <li key={e.id} className="py-3">
              <p className="font-semibold">{e.label}</p>
              {live && left ? (
                <Link to={`/offers/${live.id}`} className="inline-flex min-h-11 items-center font-semibold text-lake-600 underline">
                  {t('waitlist.offer', { when: formatDateTime(live.expiresAt, i18n.language), hours: left.hours, minutes: left.minutes })}
                </Link>
              ) : (
                <p className="text-sm text-slate-700">{t('waitlist.rank', { rank: e.rank ?? 1 })}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function MyRegistrationsCard() {
  const { t } = useTranslation('home');
  const { isPending, isError, list } = useHomeRegistrations();
  return (
    <section aria-labelledby="mine-title" className="rounded-xl border border-slate-200 p-5 shadow-sm">
      <h2 id="mine-title" className="text-xl font-bold">
        {t('registrations.title')}
      </h2>
      {isPending ? (
        <p role="status" className="mt-3 text-slate-700">
          {t('registrations.loading')}
        </p>
      ) : isError ? (
        <p className="mt-3 text-slate-700">{t('registrations.error')}</p>
      ) : list.length === 0 ? (
        <div className="mt-3">
          <p className="text-slate-700">{t('registrations.empty')}</p>
          <Link to="/events" className="mt-3 inline-block font-semibold text-lake-600 underline">
            {t('registrations.browse')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-200">
            {list.slice(0, HOME_LIMIT).map((item) =>
              item.kind === 'event' ? <RegistrationRow key={item.id} row={item.row} /> : <DayCampRow key={item.id} row={item.row} />,
            )}
          </ul>
          <Link to="/my-registrations" className="mt-3 inline-block font-semibold text-lake-600 underline">
            {t('registrations.viewAll')}
          </Link>
        </>
      )}
    </section>
  );
}

function RegistrationRow({ row }: { row: UserRegistration }) {
  const { t, i18n } = useTranslation('home');
  const title = (i18n.language === 'en' && row.eventTitleEn) || row.eventTitle;
  const confirmed = row.status === 'confirmed';
  return (
    <li className="py-2">
      <p className="font-semibold">{title}</p>
      <p className="text-sm text-slate-700">{formatDateTime(row.eventStartDate, i18n.language)}</p>
      <span
        className={`mt-1 inline-block rounded px-2 py-0.5 text-xs font-semibold ${confirmed ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-800'}`}
      >
        {t(`registrations.status.${row.status}`, { defaultValue: row.status })}
      </span>
    </li>
  );
}

/** A child's day camps: the child, the program, the first week. */
function DayCampRow({ row }: { row: MyDayCampRegistration }) {
  const { t, i18n } = useTranslation('home');
  const first = row.weeks[0];
  // The page's language, whatever the language the answer was asked in (a preload has none).
  const program = t(`registrations.programs.${row.programId}`, { defaultValue: row.programName });
  return (
    <li className="py-2">
      <p className="font-semibold">{t('registrations.dayCamp', { child: `${row.childFirstName} ${row.childLastName}` })}</p>
      <p className="text-sm text-slate-700">
        {first
          ? t('registrations.dayCampWeeks', { program, start: formatDay(first.startDate, i18n.language), count: row.weeks.length })
          : program}
      </p>
      <span className="mt-1 inline-block rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('registrations.status.confirmed')}</span>
    </li>
  );
}

function StatsCard({ user }: { user: User }) {
  const { t } = useTranslation('home');
  // The number of the lines 'Mes inscriptions' draws from: never one the list contradicts.
  // No number until both answers are in: a '0' while loading would be a wrong statement.
  const { list, isPending: loading } = useHomeRegistrations();
  const count = list.length;
  const since = (user.createdAt && centreYear(user.createdAt)) || DEFAULT_MEMBER_SINCE;
  return (
    <section aria-labelledby="stats-title" className="rounded-xl border border-slate-200 p-5 shadow-sm">
      <h2 id="stats-title" className="text-xl font-bold">
        {t('stats.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-slate-700">{t('stats.registrations')}</dt>
          <dd className="text-2xl font-bold text-brand-800" data-testid="stats-registrations" aria-busy={loading}>
            {loading ? null : count}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t('stats.memberSince')}</dt>
          <dd className="text-2xl font-bold text-brand-800">{since}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The member's next tournament match (team, time, court), read only when they have registrations. */
function NextMatchCard() {
  const { t, i18n } = useTranslation('home');
  const { rows } = useRegistrationRows();
  const data = useMyTournamentData(rows.length > 0);
  const next = data.data ? nextTournamentMatch(data.data) : null;
  if (!next) return null;
  const { row, match } = next;
  const court = match.courtNumber ?? match.court;
  const title = (i18n.language === 'en' && row.eventTitleEn) || row.eventTitle;
  return (
    <section aria-labelledby="next-match-title" className="rounded-xl border-2 border-brand-600 bg-brand-50 p-5 shadow-sm" data-testid="home-next-match">
      <h2 id="next-match-title" className="text-xl font-bold text-brand-800">
        {t('nextMatch.title')}
      </h2>
      <p className="mt-2 font-semibold">{t('nextMatch.team', { team: row.teamName })}</p>
      <p className="text-slate-800">{match.scheduledTime ? formatDateTime(match.scheduledTime, i18n.language) : t('nextMatch.noTime')}</p>
      {court !== null && <p className="text-slate-800">{t('nextMatch.court', { n: court })}</p>}
      <Link to={`/event/${row.eventId}`} className="mt-3 inline-block font-semibold text-lake-600 underline">
        {t('nextMatch.link', { event: title })}
      </Link>
    </section>
  );
}

/** The event the centre features ('À la une', set in the console), while it is to come: GET
 *  /api/events lists events from today on, so a past one, or none, shows no card. */
function PromoCard() {
  const { t, i18n } = useTranslation('home');
  const events = useEvents();
  const featured = events.data?.find((event) => event.featured);
  if (!featured) return null;
  const { title } = localizedEvent(featured, i18n.language);
  return (
    <section
      aria-labelledby="promo-title"
      className="rounded-xl bg-gradient-to-br from-brand-800 to-lake-600 p-5 text-white shadow-sm"
      data-testid="home-promo"
    >
      <p className="text-sm font-semibold uppercase tracking-wide">{t('promo.badge')}</p>
      <h2 id="promo-title" className="mt-1 text-xl font-bold">
        {title}
      </h2>
      <p className="mt-2">{t('promo.when', { date: formatLongDateTime(featured.startDate, i18n.language) })}</p>
      <p className="text-sm">{featured.location}</p>
      <Link
        to={`/event/${featured.id}`}
        className="mt-4 inline-block rounded bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
      >
        {t('promo.cta')}
      </Link>
    </section>
  );
}
