// The booking flow of /reservations: the date, the court, the day's slots, then
// the contact form once a slot is chosen. The form is checked by core-wasm (the server's own
// rules) and again by the server; a field error from either lands where fieldOf says.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useForm, type FieldErrors } from '../../../components/form/useForm';
import { useSignInGate } from '../../../components/signIn';
import { toast } from '../../../components/toast';
import { splitFullName, validateCourtBooking } from '../../../core';
import { centreToday } from '../../../lib/dates';
import type { User } from '../../auth/session';
import { slotJustTaken, useBookCourt, type BookingInput } from '../mutations';
import { useCourts, type CourtBooking, type Slot } from '../queries';
import { ContactSection } from './ContactSection';
import { useCourtName } from '../courtName';
import { contactOf, fieldOf, type ContactValues } from './contact';
import { CourtChoice, courtCards } from './CourtChoice';
import { DateSection } from './DateSection';
import { SlotPicker } from './SlotPicker';

export function BookingFlow({ user, onBooked }: { user: User | null; onBooked: (booking: CourtBooking, date: string) => void }) {
  const { t, i18n } = useTranslation('courts');
  const courtName = useCourtName();
  const lang = i18n.language;
  const today = centreToday();
  const [date, setDate] = useState('');
  const [courtId, setCourtId] = useState<number | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [slotError, setSlotError] = useState<string | undefined>();
  // The chosen slot went to someone faster: said above the day's slots, which are refetched.
  const [late, setLate] = useState(false);
  const courts = useCourts();
  const court = courtCards(courts.data).find((c) => c.id === courtId);
  const gate = useSignInGate();
  const pastDate = date !== '' && date < today;

  const chooseDate = (next: string) => {
    setDate(next);
    setSlot(null);
    setSlotError(undefined);
    setLate(false);
  };
  const chooseCourt = (id: number) => {
    setCourtId(id);
    setSlot(null);
    setSlotError(undefined);
    setLate(false);
  };

  const book = useBookCourt({
    onSuccess: (booking) => onBooked(booking, date),
    onError: (error) => {
      if (slotJustTaken(error)) {
        setSlot(null);
        setLate(true);
      }
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
      <DateSection
        today={today}
        date={date}
        onDateChange={chooseDate}
        courtId={courtId}
        courtName={court ? courtName(court) : null}
      />

      <section aria-labelledby="booking-court">
        <h2 id="booking-court" className="text-xl font-semibold">
          {t('court.heading')}
        </h2>
        <CourtChoice selected={courtId} onSelect={chooseCourt} />
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
          <>
            {late && (
              <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900" data-testid="slot-just-taken">
                {t('slots.justTaken')}
              </p>
            )}
            <SlotPicker
              courtId={courtId}
              date={date}
              selected={slot}
              onSelect={(s) => {
                setSlot(s);
                setSlotError(undefined);
                setLate(false);
              }}
            />
          </>
        )}
        {slotError && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {slotError}
          </p>
        )}
      </section>

      {slot && !pastDate && (
        <ContactSection
          form={form}
          date={date}
          slot={slot}
          courtName={courtName(court)}
          signedIn={!!user}
          pending={book.isPending}
        />
      )}
    </div>
  );
}
