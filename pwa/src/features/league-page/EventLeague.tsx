// The league parts of the event page /event/{eventId}: a captain's team this week (YourLeagueTeam),
// this week's grid ('Grille de la semaine':
// each tier's court, teams with their move since last week, matches and times), the season's
// nights, and the rules. An event that is no league shows `otherwise` (its tournament), also
// while the league is unknown (loading, or offline with nothing kept).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatTime } from '../../lib/format';
import { useEventLeague, type LeagueNight, type LeagueTier, type Movement } from './queries';
import { YourLeagueTeam } from './YourLeagueTeam';

const ARROWS: Record<Movement, string> = { up: '↑', down: '↓', same: '=', new: '•' };

export function EventLeague({ eventId, otherwise }: { eventId: string; otherwise: ReactNode }) {
  const { t, i18n } = useTranslation('leagues');
  const query = useEventLeague(eventId);
  const league = query.data?.league;
  if (!league) return <>{otherwise}</>;
  const night = query.data?.night ?? null;
  return (
    <section aria-labelledby="event-league-title" className="mt-10 space-y-8" data-testid="event-league">
      <h2 id="event-league-title" className="text-2xl font-bold">
        {t('title')}
      </h2>
      {night && <YourLeagueTeam eventId={league.eventId} leagueId={league.id} night={night} />}
      {night ? <NightGrid night={night} /> : <p className="text-slate-700">{t('noGrid')}</p>}
      <section aria-labelledby="league-nights-title">
        <h3 id="league-nights-title" className="text-xl font-semibold">
          {t('nights.title')}
        </h3>
        <ol className="mt-3 space-y-1">
          {league.nights.map((n) => (
            <li key={n.number} className="flex flex-wrap gap-x-2 text-slate-800">
              <span className="font-medium">{t('nights.number', { n: n.number })}</span>
              <span>{formatLongDate(`${n.date}T12:00:00Z`, i18n.language)}</span>
              <span className="text-slate-700">· {t(`nights.state.${n.state}`)}</span>
              {n.cancelReason && <span className="text-slate-700">({t(`reason.${n.cancelReason}`)})</span>}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="league-rules-title">
        <h3 id="league-rules-title" className="text-xl font-semibold">
          {t('rules.title')}
        </h3>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
          <li>{t('rules.movement')}</li>
          <li>{t('rules.ranking')}</li>
          <li>{t('rules.absence')}</li>
          <li>{t('rules.weather')}</li>
        </ul>
      </section>
    </section>
  );
}

function NightGrid({ night }: { night: LeagueNight }) {
  const { t, i18n } = useTranslation('leagues');
  const date = formatLongDate(`${night.date}T12:00:00Z`, i18n.language);
  return (
    <section aria-labelledby="league-grid-title">
      <h3 id="league-grid-title" className="text-xl font-semibold">
        {t('grid.title')}
      </h3>
      <p className="mt-1 text-slate-700">
        {t('grid.night', { n: night.number, date })} · {t(`nights.state.${night.state}`)}
      </p>
      {night.tiers.length === 0 ? (
        <p className="mt-3 text-slate-700">{t('noGrid')}</p>
      ) : (
        <ol className="mt-4 grid gap-4 sm:grid-cols-2">
          {night.tiers.map((tier) => (
            <TierCard key={tier.tier} tier={tier} />
          ))}
        </ol>
      )}
    </section>
  );
}

function TierCard({ tier }: { tier: LeagueTier }) {
  const { t, i18n } = useTranslation('leagues');
  const court = i18n.language === 'en' && tier.courtNameEn ? tier.courtNameEn : tier.courtName;
  const name = (id: number) => tier.teams.find((x) => x.teamId === id)?.teamName ?? '';
  return (
    <li className="rounded-xl border border-slate-300 p-4">
      <h4 className="font-semibold">
        {t('grid.tier', { n: tier.tier })} · {court}
      </h4>
      <ul className="mt-2 space-y-1">
        {tier.teams.map((team) => (
          <li key={team.teamId} className="flex items-baseline gap-2">
            <span aria-hidden="true" className="w-4 text-center font-bold">
              {ARROWS[team.movement]}
            </span>
            <span className="break-words">{team.teamName}</span>
            <span className="sr-only">{t(`movement.${team.movement}`)}</span>
            {team.absent && <span className="text-sm text-slate-700">({t('grid.absent')})</span>}
          </li>
        ))}
      </ul>
      <ul className="mt-3 space-y-1 text-sm text-slate-800">
        {tier.matches.map((m) => (
          <li key={`${m.team1Id}-${m.team2Id}`}>
            <time dateTime={m.scheduledTime}>{formatTime(m.scheduledTime)}</time> · {name(m.team1Id)} – {name(m.team2Id)}
          </li>
        ))}
      </ul>
    </li>
  );
}
