// The teams of this week's night in the console. Before the first night is played, 'Ordre de
// départ': the first grid's order, changed with ↑/↓ (keyboard and thumb alike) and saved at
// once for the whole grid, which is published again. Then, for the night whose grid is out,
// 'Absences': a team marked absent loses its matches by forfeit and ranks last of its group.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/form/Checkbox';
import type { LeagueNight } from '../league-page/queries';
import { useMarkAbsent, useSeedLeague } from './mutations';

interface Team {
  teamId: number;
  teamName: string;
}

/** The night's teams, tier 1's first. */
const teamsOf = (night: LeagueNight): Team[] => night.tiers.flatMap((tier) => tier.teams);

export function SeedingList({ eventId, leagueId, night }: { eventId: number; leagueId: number; night: LeagueNight }) {
  const { t } = useTranslation('leagues');
  const [order, setOrder] = useState<Team[]>(() => teamsOf(night));
  const seed = useSeedLeague(eventId, leagueId);
  const move = (index: number, by: -1 | 1) =>
    setOrder((previous) => {
      const next = [...previous];
      const [team] = next.splice(index, 1);
      if (team) next.splice(index + by, 0, team);
      return next;
    });
  const changed = order.some((team, i) => team.teamId !== teamsOf(night)[i]?.teamId);
  return (
    <section aria-labelledby="admin-league-seeding" className="space-y-3">
      <h3 id="admin-league-seeding" className="text-xl font-semibold">
        {t('admin.seeding.title')}
      </h3>
      <p className="text-slate-700">{t('admin.seeding.intro')}</p>
      <ol className="divide-y divide-slate-200 rounded-xl border border-slate-300">
        {order.map((team, index) => (
          <li key={team.teamId} className="flex items-center gap-2 p-2">
            <span className="w-8 text-right tabular-nums text-slate-700">{index + 1}.</span>
            <span className="min-w-0 flex-1 break-words">{team.teamName}</span>
            <Button size="sm" className="min-h-11 min-w-11" disabled={index === 0} aria-label={t('admin.seeding.up', { team: team.teamName })} onClick={() => move(index, -1)}>
              ↑
            </Button>
            <Button
              size="sm"
              className="min-h-11 min-w-11"
              disabled={index === order.length - 1}
              aria-label={t('admin.seeding.down', { team: team.teamName })}
              onClick={() => move(index, 1)}
            >
              ↓
            </Button>
          </li>
        ))}
      </ol>
      <Button variant="primary" className="min-h-11" disabled={!changed || seed.isPending} onClick={() => seed.mutate(order.map((team) => team.teamId))}>
        {t('admin.seeding.save')}
      </Button>
    </section>
  );
}

export function Absences({ eventId, leagueId, night }: { eventId: number; leagueId: number; night: LeagueNight }) {
  const { t } = useTranslation('leagues');
  const mark = useMarkAbsent(eventId, leagueId);
  return (
    <section aria-labelledby="admin-league-absences" className="space-y-3">
      <h3 id="admin-league-absences" className="text-xl font-semibold">
        {t('admin.absences.title', { n: night.number })}
      </h3>
      <p className="text-slate-700">{t('admin.absences.intro')}</p>
      <ul className="grid gap-x-6 sm:grid-cols-2">
        {night.tiers.flatMap((tier) =>
          tier.teams.map((team) => (
            <li key={team.teamId}>
              <Checkbox
                label={t('admin.absences.absent', { team: team.teamName })}
                checked={team.absent}
                disabled={mark.isPending}
                onCheckedChange={(absent) => mark.mutate({ night: night.number, teamId: team.teamId, available: !absent })}
                labelClassName="min-h-11"
              />
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
