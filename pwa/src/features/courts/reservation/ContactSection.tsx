// The booking's last step, once a slot is chosen: the slot in words, then the contact form
// (name, phone, e-mail, players, ball rental, comments). A visitor is told that signing in
// fills it in; the gate asks them to sign in when they send it.
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/form/Checkbox';
import { TextArea } from '../../../components/form/TextArea';
import { TextField } from '../../../components/form/TextField';
import type { useForm } from '../../../components/form/useForm';
import { formatDay } from '../../../lib/format';
import { durationText } from '../BookingBadges';
import type { Slot } from '../queries';
import type { ContactValues } from './contact';
import { SubmitButton } from '../../../components/form/FormActions';

interface ContactSectionProps {
  form: ReturnType<typeof useForm<ContactValues>>;
  date: string;
  slot: Slot;
  courtName: string;
  signedIn: boolean;
  pending: boolean;
}

export function ContactSection({ form, date, slot, courtName, signedIn, pending }: ContactSectionProps) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  return (
    <section aria-labelledby="booking-contact">
      <h2 id="booking-contact" className="text-xl font-semibold">
        {t('contact.heading')}
      </h2>
      <p className="mt-2 rounded bg-brand-50 p-3 text-slate-800" data-testid="chosen-slot">
        {t('contact.chosen', { date: formatDay(date, lang), time: slot.time, court: courtName })}
        <span className="block text-sm">{durationText(t, slot.start, slot.end)}</span>
      </p>
      {!signedIn && <p className="mt-3 text-slate-700">{t('contact.signInFirst')}</p>}
      <form noValidate onSubmit={(event) => void form.handleSubmit(event)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('fullName')} label={t('contact.fullName')} autoComplete="name" required className="sm:col-span-2" />
        <TextField {...form.field('phone')} type="tel" label={t('contact.phone')} autoComplete="tel" required />
        <TextField {...form.field('email')} type="email" label={t('contact.email')} autoComplete="email" required />
        <TextField
          {...form.field('players')}
          type="number"
          inputMode="numeric"
          min={1}
          max={12}
          label={t('contact.players')}
          hint={t('contact.playersHint')}
        />
        <Checkbox
          {...form.checkbox('ballRental')}
          label={<span className="font-medium">{t('contact.ballRental')}</span>}
          hint={t('contact.ballRentalHint')}
          className="pt-6"
        />
        <TextArea {...form.field('comments')} rows={3} label={t('contact.comments')} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <SubmitButton size="lg" className="w-full sm:w-auto" pending={pending} label={t('contact.submit')} pendingLabel={t('contact.submitting')} />
        </div>
      </form>
    </section>
  );
}
