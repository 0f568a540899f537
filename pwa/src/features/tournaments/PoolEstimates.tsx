// Before generating: the estimated end of the final for each pool count the teams allow (the
// server's `estimates`), so the admin picks the one that fits the day; choosing one saves it.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { formatDuration, formatTime } from '../../lib/format';
import { useUpdateTournament } from './mutations';
import { currentInput } from './TournamentConfigForm';
import type { AdminTournament } from '../tournament-shared/types';

export function PoolEstimates({ tournament }: { tournament: AdminTournament }) {
  const { t, i18n } = useTranslation('tournaments');
  const update = useUpdateTournament(tournament.eventId);
  return (
    <div className="mt-5" data-testid="pool-estimates">
      <h4 className="font-semibold">{t('estimates.title')}</h4>
      <p className="text-sm text-slate-700">{t('estimates.intro')}</p>
      {!tournament.startTime && <p className="mt-1 text-sm font-medium text-amber-900">{t('estimates.noStart')}</p>}
      {/* On a narrow phone the table scrolls sideways inside its box (focusable, for a keyboard),
          the pool count kept in view. */}
      <div className="mt-2 overflow-x-auto" role="region" tabIndex={0} aria-label={t('estimates.title')}>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="sticky left-0 bg-white py-2 pr-3">
                {t('estimates.pools')}
              </th>
              <th scope="col" className="py-2 pr-3">{t('estimates.slots')}</th>
              <th scope="col" className="py-2 pr-3">{t('estimates.duration')}</th>
              <th scope="col" className="py-2 pr-3">{t('estimates.end')}</th>
              <th scope="col" className="py-2">
                <span className="sr-only">{t('estimates.choose')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tournament.estimates.map((estimate) => {
              const current = estimate.poolCount === tournament.poolCount;
              return (
                <tr key={estimate.poolCount} className={`border-b border-slate-100 ${current ? 'bg-brand-50 font-semibold' : ''}`}>
                  <th scope="row" className={`sticky left-0 py-2 pr-3 ${current ? 'bg-brand-50' : 'bg-white'}`}>
                    {estimate.poolCount}
                  </th>
                  <td className="py-2 pr-3">{t('estimates.slotsValue', { pool: estimate.poolSlots, knockout: estimate.knockoutSlots })}</td>
                  <td className="py-2 pr-3">{formatDuration(estimate.totalMinutes, i18n.language)}</td>
                  <td className="py-2 pr-3">{estimate.endTime ? formatTime(estimate.endTime) : t('status.notSet')}</td>
                  <td className="py-2 text-right">
                    {current ? (
                      <span className="text-brand-800">{t('estimates.current')}</span>
                    ) : (
                      <Button
                        disabled={update.isPending}
                        aria-label={t('estimates.chooseLabel', { count: estimate.poolCount })}
                        onClick={() => update.mutate({ id: tournament.id, ...currentInput(tournament), poolCount: estimate.poolCount })}
                      >
                        {t('estimates.choose')}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
