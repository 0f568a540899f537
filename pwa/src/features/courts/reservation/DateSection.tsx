// The booking's first step: the date, typed or picked in the month calendar (which shows the
// chosen court's availability, or every court's, and turns to the chosen date's month). A
// past date gets the catalogue's sentence, as the server would answer it.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { coreMessage } from '../../../core';
import { monthOf } from '../../../lib/dates';
import { formatDay } from '../../../lib/format';
import { AvailabilityCalendar } from '../AvailabilityCalendar';
import { courtKeys } from '../queries';

interface DateSectionProps {
  today: string;
  date: string;
  onDateChange: (date: string) => void;
  courtId: number | null;
  courtName: string | null;
}

export function DateSection({ today, date, onDateChange, courtId, courtName }: DateSectionProps) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const pastDate = date !== '' && date < today;
  // The month shown: today's at first, then the chosen date's (typed or picked).
  const [month, setMonth] = useState(monthOf(today));
  const choose = (next: string) => {
    onDateChange(next);
    if (/^\d{4}-\d{2}-\d{2}$/.test(next)) setMonth(monthOf(next));
  };
  const pastMessage = useQuery({
    queryKey: courtKeys.coreMessage('date_in_past', lang),
    queryFn: () => coreMessage('date_in_past', lang),
    enabled: pastDate,
  });
  return (
    <section aria-labelledby="booking-date">
      <h2 id="booking-date" className="text-xl font-semibold">
        {t('date.heading')}
      </h2>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor="booking-date-input" className="block text-sm font-medium text-slate-800">
            {t('date.label')}
            <span aria-hidden="true" className="text-red-700">
              {' *'}
            </span>
          </label>
          <input
            id="booking-date-input"
            name="date"
            type="date"
            min={today}
            value={date}
            required
            aria-describedby="booking-date-hint"
            aria-invalid={pastDate || undefined}
            onChange={(event) => choose(event.target.value)}
            className="mt-1 block min-h-11 w-full rounded border border-slate-400 px-3 py-2"
          />
          <p id="booking-date-hint" className="mt-1 text-sm text-slate-600">
            {date && !pastDate ? formatDay(date, lang) : t('date.hint')}
          </p>
          {pastDate && pastMessage.data && (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {pastMessage.data}
            </p>
          )}
        </div>
        <AvailabilityCalendar
          month={month}
          onMonthChange={setMonth}
          minMonth={monthOf(today)}
          courtId={courtId}
          courtName={courtName}
          selected={date}
          onSelect={choose}
        />
      </div>
    </section>
  );
}
