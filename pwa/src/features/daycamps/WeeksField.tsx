// The desired weeks of the day-camp form: one checkbox per week of the chosen program, with its
// dates and its places left ('Complet' when full, closed once started, with 'Rejoindre la liste
// d'attente' when full and open); before a program is chosen, a sentence saying to choose one.
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/form/Checkbox';
import { QueryStatus, type QueryLike } from '../../components/QueryStatus';
import { weekNumber, weekRange } from '../../lib/dates';
import type { Week } from './queries';

/** A week can be chosen while it has not started and has places left. */
export function selectable(week: Week): boolean {
  return week.open && (week.remaining ?? 0) > 0;
}

export function WeeksField({
  weeks,
  programChosen,
  chosen,
  onToggle,
  error,
  waitWeek,
  onJoinWaitlist,
}: {
  weeks: QueryLike<Week[]>;
  programChosen: boolean;
  chosen: string[];
  onToggle: (id: string, on: boolean) => void;
  error?: string;
  /** The full week chosen for the waiting list, if any. */
  waitWeek: string | null;
  onJoinWaitlist: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('daycamps');
  const errorId = useId();
  const weekIds = useMemo(() => new Set(chosen), [chosen]);
  return (
    <fieldset
      className={`rounded-lg border bg-white p-4 ${error ? 'border-red-700' : 'border-slate-200'}`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="px-1 font-semibold">
        {t('form.weeks')}
        <span aria-hidden="true" className="text-red-700">
          {' *'}
        </span>
      </legend>
      {programChosen ? (
        <QueryStatus query={weeks} className="text-sm" error={t('form.weeksLoadError')}>
          {(list) => (
            <ul className="grid gap-2 sm:grid-cols-2">
              {list.map((week) => {
                const id = String(week.id);
                const can = selectable(week);
                const state = !week.open ? t('form.weekClosed') : can ? t('form.placesLeft', { count: week.remaining ?? 0 }) : t('form.weekFull');
                return (
                  <li key={week.id}>
                    <Checkbox
                      name="weekId"
                      value={id}
                      checked={weekIds.has(id)}
                      disabled={!can}
                      onCheckedChange={(on) => onToggle(id, on)}
                      labelClassName={`flex min-h-11 items-start gap-3 rounded border p-3 ${can ? 'cursor-pointer border-slate-300 hover:bg-brand-50' : 'border-slate-200 bg-slate-100 text-slate-500'}`}
                      inputClassName="mt-1 h-4 w-4"
                      label={
                        <span>
                          <span className="block font-semibold">
                            {t('form.weekLabel', { n: weekNumber(week.label), dates: weekRange(week.startDate, week.endDate, i18n.language) })}
                          </span>
                          <span className={`block text-sm ${can ? 'text-slate-700' : 'font-semibold'}`}>{state}</span>
                        </span>
                      }
                    />
                    {week.open && !can && (
                      <Button
                        size="sm"
                        variant={waitWeek === id ? 'primary' : 'secondary'}
                        className="mt-1 w-full"
                        aria-pressed={waitWeek === id}
                        onClick={() => onJoinWaitlist(id)}
                      >
                        {waitWeek === id ? t('waitlist.chosen') : t('waitlist.joinButton')}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryStatus>
      ) : (
        <p className="text-sm text-slate-700">{t('form.weeksChooseProgram')}</p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
