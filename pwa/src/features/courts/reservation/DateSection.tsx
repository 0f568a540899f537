// The booking's first step: the courts' season and hours, then the date, typed the French way
// (dd/MM/yyyy, whatever the browser's locale: a text field, not the browser's own date input) or
// picked in the month calendar (weeks from Monday; it shows the chosen court's availability, or
// every court's, opens on the season's first month out of season, and turns to the chosen
// date's month). Days are the centre's. A date that cannot be read, a blank one and a past one
// each get their sentence, the past one the catalogue's, as the server would answer it.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { coreMessage } from '../../../core';
import { dayInputValue, dayMonthLabel, monthOf, parseDayInput } from '../../../lib/dates';
import { formatDay } from '../../../lib/format';
import { AvailabilityCalendar } from '../AvailabilityCalendar';
import { courtKeys, useCourts } from '../queries';
import { openingMonth, seasonOpening } from '../season';
import { SeasonNotice } from './SeasonNotice';

interface DateSectionProps {
  today: string;
  date: string;
  onDateChange: (date: string) => void;
  courtId: number | null;
  courtName: string | null;
}

export function DateSection({ today, date, onDateChange, courtId, courtName }: DateSectionProps) {
  const { t, i18n } = useTranslation('courts');
  const { t: tc } = useTranslation('common');
  const lang = i18n.language;
  const ids = useId();
  const courts = useCourts();
  const [text, setText] = useState(() => dayInputValue(date));
  // Whether to say what is wrong with the text: once the field is left, not while typing.
  const [left, setLeft] = useState(false);
  // The month shown once the member moves it or chooses a date; until then the opening month.
  const [month, setMonth] = useState<string | null>(null);
  const pastDate = date !== '' && date < today;
  const seasonCourts = (courts.data ?? []).filter((c) => courtId === null || c.id === courtId);
  const opens = seasonOpening(seasonCourts, today);
  // Out of season the calendar opens on the season's month: wait for the courts to know it.
  const shown = month ?? (courts.isPending ? null : openingMonth(courts.data ?? [], today));

  const choose = (day: string) => {
    onDateChange(day);
    if (day) setMonth(monthOf(day));
  };
  const type = (value: string) => {
    setText(value);
    setLeft(false);
    choose(parseDayInput(value) ?? '');
  };
  const pick = (day: string) => {
    setText(dayInputValue(day));
    setLeft(false);
    choose(day);
  };

  const pastMessage = useQuery({
    queryKey: courtKeys.coreMessage('date_in_past', lang),
    queryFn: () => coreMessage('date_in_past', lang),
    enabled: pastDate,
  });
  const problem =
    left && text.trim() === ''
      ? t('date.required')
      : left && date === ''
        ? tc('dayField.invalid')
        : pastDate
          ? pastMessage.data
          : undefined;
  const hintId = `${ids}-hint`;
  const problemId = `${ids}-problem`;
  return (
    <section aria-labelledby="booking-date">
      <h2 id="booking-date" className="text-xl font-semibold">
        {t('date.heading')}
      </h2>
      <SeasonNotice courts={courts.data} pending={courts.isPending} />
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
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={tc('dayField.placeholder')}
            value={text}
            required
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => type(event.target.value)}
            onBlur={() => {
              setLeft(true);
              // Written back the way it was read: '20052027' becomes '20/05/2027'.
              if (date) setText(dayInputValue(date));
            }}
            className="mt-1 block min-h-11 w-full rounded border border-slate-400 px-3 py-2"
          />
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            {date && !pastDate ? formatDay(date, lang) : t('date.hint')}
          </p>
          {problem && (
            <p id={problemId} role="alert" className="mt-1 text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
        </div>
        <AvailabilityCalendar
          month={shown ?? monthOf(today)}
          ready={shown !== null}
          onMonthChange={setMonth}
          minMonth={monthOf(today)}
          courtId={courtId}
          courtName={courtName}
          note={opens ? t('calendar.seasonOpens', { date: dayMonthLabel(opens, lang) }) : null}
          selected={date}
          onSelect={pick}
        />
      </div>
    </section>
  );
}
