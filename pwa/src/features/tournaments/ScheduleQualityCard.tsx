// After generating: how good the schedule is (slots used against the lowest possible, the
// estimated end of the pool phase, court use, back-to-back matches, the longest wait) and, where
// the teams referee, how good the duties are (matches left without a work team, the spread of
// duties between teams, back-to-back duties).
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../api/types';
import { formatTime } from '../../lib/format';
import type { ScheduleQuality } from '../tournament-shared/types';

interface ScheduleQualityCardProps {
  quality: ScheduleQuality;
  /** The duties' quality; none where the tournament has no work teams. */
  duty?: Schemas['DutyQuality'] | null;
}

interface Item {
  term: string;
  value: string;
  /** A value that should not be there: said in red, and in words (colour alone is not enough). */
  warning?: string;
}

export function ScheduleQualityCard({ quality, duty = null }: ScheduleQualityCardProps) {
  const { t } = useTranslation('tournaments');
  const items: Item[] = [
    { term: t('quality.slots'), value: t('quality.slotsValue', { used: quality.slotsUsed, bound: quality.lowerBound }) },
    { term: t('quality.end'), value: quality.estimatedEndTime ? formatTime(quality.estimatedEndTime) : t('status.notSet') },
    { term: t('quality.courtUse'), value: t('quality.percent', { value: Math.round(quality.courtUsePercent) }) },
    { term: t('quality.backToBack'), value: String(quality.backToBack) },
    { term: t('quality.longestWait'), value: t('quality.minutes', { count: quality.longestWaitMinutes }) },
  ];
  if (duty) {
    items.push(
      // A match without a work team has nobody to referee it: the drawing must leave none.
      { term: t('quality.dutyConflicts'), value: String(duty.conflicts), warning: duty.conflicts > 0 ? t('quality.dutyConflictsWarning') : undefined },
      { term: t('quality.dutySpread'), value: String(duty.spread) },
      { term: t('quality.dutyBackToBack'), value: String(duty.backToBack) },
    );
  }
  return (
    <section aria-labelledby="schedule-quality-title" className="rounded-xl border border-slate-200 p-5 shadow-sm" data-testid="schedule-quality">
      <h3 id="schedule-quality-title" className="text-lg font-semibold">
        {t('quality.title')}
      </h3>
      <dl className={`mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 ${duty ? 'lg:grid-cols-4' : 'lg:grid-cols-5'}`}>
        {items.map(({ term, value, warning }) => (
          <div key={term} data-warning={warning ? 'true' : undefined}>
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className={`text-base font-semibold ${warning ? 'text-red-700' : 'text-slate-900'}`}>
              {value}
              {warning && <span className="block text-sm font-medium">{warning}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
