// The courts' season and opening hours, as the server gives them, above the date: once when the
// courts agree, court by court when they do not. While the courts load, grey lines hold its
// place; nothing if they fail (the court choice below says so).
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/Skeleton';
import { weekRange, weekdayNames } from '../../../lib/dates';
import type { Court } from '../queries';
import { seasonGroups, type HoursRun } from '../season';
import { useCourtName } from '../courtName';

const BOX = 'mt-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-slate-800';

export function SeasonNotice({ courts, pending }: { courts: Court[] | undefined; pending: boolean }) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const days = weekdayNames(lang);
  const courtName = useCourtName();
  const run = ({ from, to, open, close }: HoursRun) => {
    if (from === 0 && to === 6) return t('season.everyDay', { open, close });
    const day = (n: number) => days[n]?.long ?? '';
    return from === to ? t('season.day', { day: day(from), open, close }) : t('season.days', { from: day(from), to: day(to), open, close });
  };
  if (pending) {
    return (
      <div className={BOX}>
        <Skeleton className="h-6 w-64 max-w-full" />
        <Skeleton className="mt-2 h-6 w-56 max-w-full" />
        <Skeleton className="h-6 w-72 max-w-full" />
      </div>
    );
  }
  const groups = seasonGroups(courts ?? []);
  if (groups.length === 0) return null;
  return (
    <div className={BOX} data-testid="court-season">
      <h3 className="font-semibold">{t('season.heading')}</h3>
      {groups.map((group) => (
        <div key={group.courts.map((c) => c.id).join('-')} className="mt-2">
          {groups.length > 1 && (
            <p className="font-medium">{group.courts.map(courtName).join(', ')}</p>
          )}
          <p>{t('season.range', { range: weekRange(group.seasonStart, group.seasonEnd, lang) })}</p>
          <p>{t('season.hours', { hours: group.runs.length ? group.runs.map(run).join(t('season.separator')) : t('season.noDay') })}</p>
        </div>
      ))}
    </div>
  );
}
