// After generating: how good the schedule is (slots used against the lowest possible, the
// estimated end of the pool phase, court use, back-to-back matches, the longest wait).
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import type { ScheduleQuality } from '../tournament-shared/types';

export function ScheduleQualityCard({ quality }: { quality: ScheduleQuality }) {
  const { t } = useTranslation('tournaments');
  const items: [string, string][] = [
    [t('quality.slots'), t('quality.slotsValue', { used: quality.slotsUsed, bound: quality.lowerBound })],
    [t('quality.end'), quality.estimatedEndTime ? formatTime(quality.estimatedEndTime) : t('status.notSet')],
    [t('quality.courtUse'), t('quality.percent', { value: Math.round(quality.courtUsePercent) })],
    [t('quality.backToBack'), String(quality.backToBack)],
    [t('quality.longestWait'), t('quality.minutes', { count: quality.longestWaitMinutes })],
  ];
  return (
    <section aria-labelledby="schedule-quality-title" className="rounded-xl border border-slate-200 p-5 shadow-sm" data-testid="schedule-quality">
      <h3 id="schedule-quality-title" className="text-lg font-semibold">
        {t('quality.title')}
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {items.map(([term, value]) => (
          <div key={term}>
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="text-base font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
