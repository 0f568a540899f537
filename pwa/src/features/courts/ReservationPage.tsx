// /reservations (spec section 2, court reservation page; section 4, booking flow): date picker
// and month calendar, the choice of court, the day's slots once a date and a court are chosen,
// the contact section once a slot is chosen, then the summary. The form is checked by core-wasm
// (the server's own rules) and again by the server.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/TextField';
import { useForm, type FieldErrors } from '../../components/form/useForm';
import { useSignInGate } from '../../components/signIn';
import { toast } from '../../components/toast';
import { usePageMeta } from '../../components/usePageMeta';
import { centre } from '../../config';
import { coreMessage, splitFullName, validateCourtBooking } from '../../core';
import { formatDay, formatTime } from '../../lib/format';
import { ApiError } from '../../api/client';
import { useCurrentUser, type User } from '../auth/queries';
import { AvailabilityCalendar } from './AvailabilityCalendar';
import { durationText } from './BookingBadges';
import { centreToday, monthOf } from './dates';
import { useBookCourt, type BookingInput } from './mutations';
import { useCourts, useDaySlots, type Court, type CourtBooking, type Slot } from './queries';

export const DEFAULT_PLAYERS = '6';

type ContactValues = {
  fullName: string;
  phone: string;
  email: string;
  players: string;
  comments: string;
  ballRental: boolean;
};

function contactOf(user: User | null): ContactValues {
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return { fullName, phone: '', email: user?.email ?? '', players: DEFAULT_PLAYERS, comments: '', ballRental: false };
}

/** Where a field error from core or the server is shown on this page. */
const fieldOf: Record<string, keyof ContactValues | 'slot'> = {
  firstName: 'fullName',
  lastName: 'fullName',
  email: 'email',
  phone: 'phone',
  players: 'players',
  comments: 'comments',
  courtId: 'slot',
  startTime: 'slot',
  endTime: 'slot',
  _: 'slot',
};

function courtLabel(court: Court | undefined, fallback: string) {
  return court?.name.trim() || fallback;
}

export function ReservationPage() {
  const { t } = useTranslation('courts');
  usePageMeta(t('meta.title'), t('meta.description'));
  const { user } = useCurrentUser();
  const [booked, setBooked] = useState<{ booking: CourtBooking; date: string } | null>(null);
  // A new key after "make another reservation" starts the whole flow from scratch.
  const [round, setRound] = useState(0);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('page.title')}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t('page.subtitle')}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {booked ? (
            <BookingSummary
              booking={booked.booking}
              date={booked.date}
              onAnother={() => {
                setBooked(null);
                setRound((n) => n + 1);
              }}
            />
          ) : (
            <BookingFlow key={`${round}-${user?.id ?? 'visitor'}`} user={user} onBooked={(booking, date) => setBooked({ booking, date })} />
          )}
        </div>
        <SidePanels />
      </div>
    </div>
  );
}

function BookingFlow({ user, onBooked }: { user: User | null; onBooked: (booking: CourtBooking, date: string) => void }) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const today = centreToday();
  const [date, setDate] = useState('');
  const [month, setMonth] = useState(monthOf(today));
  const [courtId, setCourtId] = useState<number | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [slotError, setSlotError] = useState<string | undefined>();
  const courts = useCourts();
  const cards = (courts.data ?? []).slice(0, 2);
  const court = cards.find((c) => c.id === courtId);
  const gate = useSignInGate();
  const pastDate = date !== '' && date < today;
  // The catalogue's sentence, as the server would answer a past date.
  const pastMessage = useQuery({
    queryKey: ['core', 'message', 'date_in_past', lang],
    queryFn: () => coreMessage('date_in_past', lang),
    enabled: pastDate,
  });

  const chooseDate = (next: string) => {
    setDate(next);
    setSlot(null);
    setSlotError(undefined);
    if (/^\d{4}-\d{2}-\d{2}$/.test(next)) setMonth(monthOf(next));
  };
  const chooseCourt = (id: number) => {
    setCourtId(id);
    setSlot(null);
    setSlotError(undefined);
  };

  const book = useBookCourt({
    onSuccess: (booking) => onBooked(booking, date),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'slot_taken') setSlot(null);
      if (error instanceof ApiError && error.fieldErrors) form.setErrors(placeErrors(error.fieldErrors));
    },
  });

  const placeErrors = (messages: Record<string, string>): FieldErrors<ContactValues> => {
    const placed: FieldErrors<ContactValues> = {};
    for (const [field, message] of Object.entries(messages)) {
      const target = fieldOf[field];
      if (target === 'slot') setSlotError(message);
      else if (target && !placed[target]) placed[target] = message;
    }
    return placed;
  };

  const input = async (values: ContactValues): Promise<BookingInput> => {
    const [firstName, lastName] = values.fullName.trim() ? await splitFullName(values.fullName) : ['', ''];
    return {
      courtId: courtId ?? 0,
      firstName,
      lastName,
      email: values.email,
      phone: values.phone,
      startTime: slot?.start ?? '',
      endTime: slot?.end ?? '',
      players: Number(values.players),
      ballRental: values.ballRental,
      comments: values.comments,
    };
  };

  const form = useForm<ContactValues>({
    initial: contactOf(user),
    validate: async (values) => {
      setSlotError(undefined);
      const body = await input(values);
      const checked = await validateCourtBooking({ ...body, players: values.players }, today, lang);
      if (Object.values(checked.codes).includes('missing_fields')) {
        toast({ variant: 'error', title: t('missingFields.title'), description: t('missingFields.description') });
      }
      return placeErrors(checked.messages);
    },
    onSubmit: async (values) => {
      const body = await input(values);
      gate(() => book.mutate(body));
    },
  });

  return (
    <div className="space-y-8">
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
              onChange={(event) => chooseDate(event.target.value)}
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
            courtName={court ? courtLabel(court, t('court.defaultName')) : null}
            selected={date}
            onSelect={chooseDate}
          />
        </div>
      </section>

      <section aria-labelledby="booking-court">
        <h2 id="booking-court" className="text-xl font-semibold">
          {t('court.heading')}
        </h2>
        {courts.isError && (
          <p role="alert" className="mt-3 text-red-800">
            {t('court.error')}
          </p>
        )}
        <fieldset className="mt-3">
          <legend className="sr-only">{t('court.legend')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {cards.map((c) => (
              <label
                key={c.id}
                className={`flex min-h-20 cursor-pointer items-center gap-4 rounded-xl border-2 p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 ${
                  c.id === courtId ? 'border-brand-700 bg-brand-50' : 'border-slate-200 hover:border-brand-600'
                }`}
              >
                <input type="radio" name="court" value={c.id} checked={c.id === courtId} onChange={() => chooseCourt(c.id)} className="h-5 w-5 accent-brand-700" />
                <span>
                  <span className="block text-lg font-semibold">{courtLabel(c, t('court.defaultName'))}</span>
                  <span className="block text-sm text-slate-600">{t('court.outdoor')}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </section>

      <section aria-labelledby="booking-slots">
        <h2 id="booking-slots" className="text-xl font-semibold">
          {t('slots.heading')}
        </h2>
        {!date || pastDate ? (
          <p className="mt-3 text-slate-700">{t('date.selectFirst')}</p>
        ) : courtId === null ? (
          <p className="mt-3 text-slate-700">{t('slots.chooseCourt')}</p>
        ) : (
          <SlotPicker courtId={courtId} date={date} selected={slot} onSelect={(s) => { setSlot(s); setSlotError(undefined); }} />
        )}
        {slotError && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {slotError}
          </p>
        )}
      </section>

      {slot && !pastDate && (
        <section aria-labelledby="booking-contact">
          <h2 id="booking-contact" className="text-xl font-semibold">
            {t('contact.heading')}
          </h2>
          <p className="mt-2 rounded bg-brand-50 p-3 text-slate-800" data-testid="chosen-slot">
            {t('contact.chosen', { date: formatDay(date, lang), time: slot.time, court: courtLabel(court, t('court.defaultName')) })}
            <span className="block text-sm">{durationText(t, slot.start, slot.end)}</span>
          </p>
          {!user && <p className="mt-3 text-slate-700">{t('contact.signInFirst')}</p>}
          <form noValidate onSubmit={(event) => void form.handleSubmit(event)} className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField
              name="fullName"
              label={t('contact.fullName')}
              autoComplete="name"
              required
              value={form.values.fullName}
              onValueChange={(v) => form.setValue('fullName', v)}
              error={form.errors.fullName}
              className="sm:col-span-2"
            />
            <TextField
              name="phone"
              type="tel"
              label={t('contact.phone')}
              autoComplete="tel"
              required
              value={form.values.phone}
              onValueChange={(v) => form.setValue('phone', v)}
              error={form.errors.phone}
            />
            <TextField
              name="email"
              type="email"
              label={t('contact.email')}
              autoComplete="email"
              required
              value={form.values.email}
              onValueChange={(v) => form.setValue('email', v)}
              error={form.errors.email}
            />
            <TextField
              name="players"
              type="number"
              inputMode="numeric"
              min={1}
              max={12}
              label={t('contact.players')}
              hint={t('contact.playersHint')}
              value={form.values.players}
              onValueChange={(v) => form.setValue('players', v)}
              error={form.errors.players}
            />
            <div className="flex items-start gap-3 pt-6">
              <input
                id="booking-ball-rental"
                name="ballRental"
                type="checkbox"
                checked={form.values.ballRental}
                onChange={(event) => form.setValue('ballRental', event.target.checked)}
                aria-describedby="booking-ball-rental-hint"
                className="mt-1 h-5 w-5 accent-brand-700"
              />
              <div>
                <label htmlFor="booking-ball-rental" className="font-medium">
                  {t('contact.ballRental')}
                </label>
                <p id="booking-ball-rental-hint" className="text-sm text-slate-600">
                  {t('contact.ballRentalHint')}
                </p>
              </div>
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="booking-comments" className="block text-sm font-medium text-slate-800">
                {t('contact.comments')}
              </label>
              <textarea
                id="booking-comments"
                name="comments"
                rows={3}
                value={form.values.comments}
                onChange={(event) => form.setValue('comments', event.target.value)}
                aria-invalid={form.errors.comments ? true : undefined}
                className="mt-1 block w-full rounded border border-slate-400 px-3 py-2"
              />
              {form.errors.comments && (
                <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {form.errors.comments}
                </p>
              )}
            </div>
            <div className="sm:col-span-2">
              <button
                type="submit"
                disabled={book.isPending}
                className="min-h-12 w-full rounded bg-brand-700 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
              >
                {book.isPending ? t('contact.submitting') : t('contact.submit')}
              </button>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}

function SlotPicker({ courtId, date, selected, onSelect }: { courtId: number; date: string; selected: Slot | null; onSelect: (slot: Slot) => void }) {
  const { t, i18n } = useTranslation('courts');
  const slots = useDaySlots(courtId, date);
  if (slots.isLoading) {
    return (
      <p role="status" className="mt-3 text-slate-700">
        {t('slots.loading')}
      </p>
    );
  }
  if (slots.isError || !Array.isArray(slots.data)) {
    return (
      <p role="alert" className="mt-3 text-red-800">
        {t('slots.noData')}
      </p>
    );
  }
  if (slots.data.length === 0 || slots.data.every((s) => !s.available)) {
    return (
      <div className="mt-3">
        <p className="text-slate-700">{t('slots.empty')}</p>
        {slots.data.length > 0 && <SlotGrid slots={slots.data} selected={selected} onSelect={onSelect} date={date} lang={i18n.language} />}
      </div>
    );
  }
  return <SlotGrid slots={slots.data} selected={selected} onSelect={onSelect} date={date} lang={i18n.language} />;
}

function SlotGrid({ slots, selected, onSelect, date, lang }: { slots: Slot[]; selected: Slot | null; onSelect: (slot: Slot) => void; date: string; lang: string }) {
  const { t } = useTranslation('courts');
  return (
    <div role="group" aria-label={t('slots.legend', { date: formatDay(date, lang) })} className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5">
      {slots.map((s) => {
        const isSelected = selected?.start === s.start;
        const state = s.available ? t('slots.free') : t('slots.reserved');
        return (
          <button
            key={s.start}
            type="button"
            disabled={!s.available}
            aria-pressed={isSelected}
            aria-label={t('slots.label', { time: s.time, state })}
            data-testid="slot"
            data-time={s.time}
            onClick={() => onSelect(s)}
            className={`flex min-h-14 flex-col items-center justify-center rounded-lg border-2 px-2 py-2 text-lg font-semibold ${
              !s.available
                ? 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-500'
                : isSelected
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-brand-600 bg-white text-brand-800 hover:bg-brand-50'
            }`}
          >
            <span>{s.time}</span>
            <span className="text-xs font-normal">{state}</span>
          </button>
        );
      })}
    </div>
  );
}

function BookingSummary({ booking, date, onAnother }: { booking: CourtBooking; date: string; onAnother: () => void }) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const rows: [string, string][] = [
    [t('summary.date'), formatDay(date, lang)],
    [t('summary.time'), t('summary.timeRange', { start: formatTime(booking.startTime), end: formatTime(booking.endTime) })],
    [t('summary.court'), booking.courtName.trim() || t('court.defaultName')],
    [t('summary.name'), `${booking.firstName} ${booking.lastName}`],
    [t('summary.players'), String(booking.players ?? Number(DEFAULT_PLAYERS))],
  ];
  return (
    <section aria-labelledby="booking-summary" className="rounded-xl border-2 border-brand-700 bg-brand-50 p-6" data-testid="booking-summary">
      <h2 id="booking-summary" className="text-2xl font-bold text-brand-800">
        {t('summary.title')}
      </h2>
      <p className="mt-2 text-slate-800">{t('summary.text')}</p>
      <dl className="mt-4 grid grid-cols-[auto,1fr] gap-x-6 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" onClick={onAnother} className="min-h-12 rounded bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">
          {t('summary.another')}
        </button>
        <Link to="/my-registrations" className="inline-flex min-h-12 items-center rounded border border-brand-700 px-5 py-2 font-semibold text-brand-800">
          {t('summary.mine')}
        </Link>
      </div>
    </section>
  );
}

function SidePanels() {
  const { t } = useTranslation('courts');
  const panels = [
    { key: 'help', body: (
      <>
        {t('side.help.text')}{' '}
        <a href={`mailto:${centre.email}`} className="font-semibold text-brand-800 underline">
          {centre.email}
        </a>
      </>
    ) },
    { key: 'free', body: t('side.free.text') },
    { key: 'balls', body: t('side.balls.text') },
    { key: 'mandatory', body: t('side.mandatory.text') },
  ] as const;
  return (
    <aside className="space-y-4" aria-label={t('side.label')}>
      {panels.map((panel) => (
        <section key={panel.key} aria-labelledby={`side-${panel.key}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id={`side-${panel.key}`} className="font-semibold">
            {t(`side.${panel.key}.title`)}
          </h2>
          <p className="mt-2 text-sm text-slate-700">{panel.body}</p>
        </section>
      ))}
    </aside>
  );
}
