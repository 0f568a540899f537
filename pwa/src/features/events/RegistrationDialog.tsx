import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/form/TextField';
import { useForm } from '../../components/form/useForm';
import { validateTeamRegistration } from '../../core';
import { useCurrentUser } from '../auth/session';
import { useJoinEventWaitlist, useRegisterTeam, type TeamRegistrationInput } from './mutations';
import { localizedEvent } from './model';
import type { Event } from './queries';
import { FormActions } from '../../components/form/FormActions';

type TeamValues = Omit<TeamRegistrationInput, 'eventId'>;

/** The team registration dialog; the form is new each time it opens. On
 * success the member goes to /checkout?type=event&id={id} (the amount, the reference, Interac).
 * With `waitlist`, the same form joins a full event's waiting list (accepting an offer later
 * registers it) and the member goes to /my-registrations, where the rank shows. */
export function RegistrationDialog({ event, waitlist = false, onClose }: { event: Event | null; waitlist?: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('events');
  const named = event ? localizedEvent(event, i18n.language).title : '';
  const title = !event ? t('register.title') : waitlist ? t('register.waitlistTitleFor', { event: named }) : t('register.titleFor', { event: named });
  return (
    <Dialog open={event !== null} onClose={onClose} title={title} closeLabel={t('close')}>
      {event && <TeamForm event={event} waitlist={waitlist} onDone={onClose} />}
    </Dialog>
  );
}

function TeamForm({ event, waitlist, onDone }: { event: Event; waitlist: boolean; onDone: () => void }) {
  const { t, i18n } = useTranslation('events');
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const initial = useMemo<TeamValues>(
    () => ({
      teamName: '',
      captainFirstName: user?.firstName ?? '',
      captainLastName: user?.lastName ?? '',
      captainEmail: user?.email ?? '',
      member2FirstName: '',
      member2LastName: '',
      member2Email: '',
      member3FirstName: '',
      member3LastName: '',
      member3Email: '',
      member4FirstName: '',
      member4LastName: '',
      member4Email: '',
    }),
    [user],
  );
  const register = useRegisterTeam({
    onSuccess: (registration) => {
      form.reset();
      onDone();
      void navigate(`/checkout?type=event&id=${registration.id}`);
    },
    onError: (error) => form.setServerErrors(error),
  });
  const join = useJoinEventWaitlist({
    onSuccess: () => {
      form.reset();
      onDone();
      void navigate('/my-registrations');
    },
    onError: (error) => form.setServerErrors(error),
  });
  const form = useForm<TeamValues>({
    initial,
    validate: (values) => validateTeamRegistration(values, i18n.language),
    onSubmit: (values) => (waitlist ? join : register).mutate({ eventId: event.id, ...values }),
  });
  const pending = register.isPending || join.isPending;

  const field = (name: keyof TeamValues, label: string, extra: { type?: string; required?: boolean; autoComplete?: string } = {}) => (
    <TextField
      {...form.field(name)}
      label={label}
      type={extra.type ?? 'text'}
      required={extra.required}
      autoComplete={extra.autoComplete ?? 'off'}
    />
  );
  const person = (prefix: 'captain' | 'member2' | 'member3' | 'member4', legend: string, required: boolean) => (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {field(`${prefix}FirstName`, t('register.firstName'), { required })}
        {field(`${prefix}LastName`, t('register.lastName'), { required })}
        {field(`${prefix}Email`, t('register.email'), { type: 'email', required })}
      </div>
    </fieldset>
  );

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="space-y-4" aria-busy={pending}>
      <section className="rounded-lg bg-brand-50 p-4 text-sm text-slate-800" aria-labelledby="team-rules">
        <h3 id="team-rules" className="font-semibold">
          {t('register.rules.title')}
        </h3>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>{t('register.rules.team')}</li>
          <li>{t('register.rules.girl')}</li>
          <li>{t('register.rules.payment')}</li>
        </ul>
      </section>
      <TextField {...form.field('teamName')} label={t('register.teamName')} hint={t('register.teamNameHint')} autoComplete="off" />
      {person('captain', t('register.captain'), true)}
      {person('member2', t('register.member', { n: 2 }), true)}
      {person('member3', t('register.memberOptional', { n: 3 }), false)}
      {person('member4', t('register.memberOptional', { n: 4 }), false)}
      <FormActions
        onCancel={onDone}
        cancelLabel={t('register.cancel')}
        pending={pending}
        label={waitlist ? t('register.joinWaitlist') : t('register.submit')}
        pendingLabel={waitlist ? t('register.joiningWaitlist') : t('register.submitting')}
      />
    </form>
  );
}
