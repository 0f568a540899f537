// 'État des tournois': the tournament's name (in the page's language when it is its event's), status badge, configuration (with each phase's
// match format), and its actions
// (delete after the browser's confirmation, 'Modifier', 'Générer l'horaire' while in setup),
// with the pool-count estimates to choose from before generating.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { formatDateTime } from '../../lib/format';
import { TournamentStatusBadge } from '../tournament-shared/Badges';
import { formatName, formatsOf } from '../tournament-shared/format';
import { useDeleteTournament, useGenerateSchedule } from './mutations';
import { PoolEstimates } from './PoolEstimates';
import { EditTournamentDialog } from './TournamentConfigForm';
import type { AdminTournament } from '../tournament-shared/types';

export function TournamentStatusCard({ tournament, name }: { tournament: AdminTournament; name: string }) {
  const { t, i18n } = useTranslation('tournaments');
  const remove = useDeleteTournament(tournament.eventId);
  const generate = useGenerateSchedule(tournament.eventId);
  const [editing, setEditing] = useState(false);
  const setup = tournament.status === 'setup';
  const formats = formatsOf(tournament);
  const details: [string, string][] = [
    [t('status.courts'), String(tournament.courtsAvailable)],
    [t('status.duration'), t('status.minutes', { count: tournament.matchDurationMinutes })],
    [t('status.break'), t('status.minutes', { count: tournament.breakBetweenMatches })],
    [t('status.start'), tournament.startTime ? formatDateTime(tournament.startTime, i18n.language) : t('status.notSet')],
    [t('status.pools'), String(tournament.poolCount)],
    [t('status.teams'), String(tournament.teamCount)],
    [t('status.poolFormat'), formatName(formats.pool, t)],
    [t('status.knockoutFormat'), formatName(formats.knockout, t)],
  ];
  return (
    <section aria-labelledby="tournament-status-title" className="rounded-xl border border-slate-200 p-5 shadow-sm" data-testid="tournament-status">
      <h3 id="tournament-status-title" className="text-lg font-semibold">
        {t('status.title')}
      </h3>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h4 className="text-lg font-bold">{name}</h4>
        <TournamentStatusBadge status={tournament.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        {details.map(([term, value]) => (
          <div key={term}>
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="text-base text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="primary"
          disabled={!setup || generate.isPending}
          onClick={() => generate.mutate(tournament.id)}
        >
          {generate.isPending ? t('status.generating') : t('status.generate')}
        </Button>
        <Button
          onClick={() => setEditing(true)}
        >
          {t('status.edit')}
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(t('status.confirmDelete'))) remove.mutate(tournament.id);
          }}
        >
          {t('status.delete')}
        </Button>
      </div>
      {setup && tournament.estimates.length > 0 && <PoolEstimates tournament={tournament} />}
      <EditTournamentDialog tournament={tournament} open={editing} onClose={() => setEditing(false)} />
    </section>
  );
}
