// The day-camp registration form: program, desired weeks ('Complet' when
// full), child, parent, the RL-24 payers (checked by the server only). Validated through core-wasm with the server's own rules and messages
// (such as 'Please select a week', "Child's first name is required", … and the age on the
// first day of each week); a 422 or 409 from the server lands under the same fields. On
// success: the toast, then /checkout?type=daycamp&id={id}&amount={amountPaid}.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/form/Select';
import { useForm, type FieldErrors } from '../../components/form/useForm';
import { useSignInGate } from '../../components/signIn';
import { checkCampAge, validateDayCampRegistration } from '../../core';
import { formatPrice } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { centreToday } from '../../lib/dates';
import { ChildFields } from './ChildFields';
import { useJoinWeekWaitlist, useRegisterDayCamp } from './mutations';
import { ConsentField, HealthFields, PhotoField } from './health/HealthFields';
import { ParentFields } from './ParentFields';
import { PayerFields } from './payers/PayerFields';
import { useWeeks, type Program } from './queries';
import { EMPTY, idsOf, toInput, type Values } from './registration';
import { selectable, WeeksField } from './WeeksField';
import { FormActions } from '../../components/form/FormActions';

export function DayCampForm({
  programs,
  programId,
  onProgramChange,
}: {
  programs: Program[];
  programId: string;
  onProgramChange: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('daycamps');
  const lang = i18n.language;
  const navigate = useNavigate();
  const gate = useSignInGate();
  const { user, isSignedIn } = useCurrentUser();
  const weeks = useWeeks(programId);
  const program = programs.find((p) => p.id === programId);

  const register = useRegisterDayCamp({
    onSuccess: (r) => {
      void navigate(`/checkout?type=daycamp&id=${r.id}&amount=${r.amountPaid}`);
    },
    onError: (error) => form.setServerErrors(error),
  });
  // A full week chosen for its waiting list: the form joins the list instead of registering.
  const [waitWeek, setWaitWeek] = useState<string | null>(null);
  const join = useJoinWeekWaitlist({
    onSuccess: () => void navigate('/my-registrations'),
    onError: (error) => form.setServerErrors(error),
  });

  const validate = useCallback(
    async (values: Values): Promise<FieldErrors<Values>> => {
      const errors: FieldErrors<Values> = {};
      if (!values.programId) errors.programId = t('form.errors.programRequired');
      const core = await validateDayCampRegistration(toInput(values), centreToday(), lang);
      Object.assign(errors, core);
      const chosen = (weeks.data ?? []).filter((w) => idsOf(values.weekId).includes(String(w.id)));
      const chosenProgram = programs.find((p) => p.id === values.programId);
      if (Object.keys(errors).length === 0 && chosenProgram && chosen.length > 0) {
        const age = await checkCampAge(
          {
            birthDate: values.childBirthDate,
            programId: chosenProgram.id,
            minAge: chosenProgram.minAge,
            maxAge: chosenProgram.maxAge,
            weeks: chosen.map((w) => ({ startDate: w.startDate, endDate: w.endDate })),
          },
          lang,
        );
        if (age.childBirthDate) errors.childBirthDate = age.childBirthDate;
      }
      return errors;
    },
    [lang, programs, t, weeks.data],
  );

  const form = useForm<Values>({
    initial: EMPTY,
    validate,
    onSubmit: (values) => {
      if (!isSignedIn) {
        gate();
        return;
      }
      if (waitWeek) join.mutate(toInput(values));
      else register.mutate(toInput(values));
    },
  });
  const { setValue, values } = form;

  // The program chosen from a card (or here) drives the form's program.
  useEffect(() => {
    if (programId !== values.programId) setValue('programId', programId);
  }, [programId, setValue, values.programId]);

  // Weeks that became full (or another program's) leave the selection.
  useEffect(() => {
    if (!weeks.data) return;
    const kept = idsOf(values.weekId).filter((id) => id === waitWeek || weeks.data.some((w) => String(w.id) === id && selectable(w)));
    if (kept.join(',') !== values.weekId) setValue('weekId', kept.join(','));
  }, [weeks.data, values.weekId, setValue, waitWeek]);

  // The parent's name and e-mail from the signed-in account, when still empty.
  useEffect(() => {
    if (!user) return;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    if (name && !values.parentName) setValue('parentName', name);
    if (!values.parentEmail && user.email) setValue('parentEmail', user.email);
    // Only when the account arrives: later edits are the parent's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const chosenIds = idsOf(values.weekId);
  const joinWaitlist = (id: string) => {
    setWaitWeek(id);
    setValue('weekId', id);
  };
  const toggleWeek = (id: string, on: boolean) => {
    setWaitWeek(null);
    const next = on ? [...chosenIds.filter((w) => w !== waitWeek), id] : chosenIds.filter((w) => w !== id);
    const order = (weeks.data ?? []).map((w) => String(w.id));
    next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    setValue('weekId', next.join(','));
  };

  const total = program ? program.weeklyPrice * chosenIds.length : 0;

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="mt-6 space-y-6" aria-busy={register.isPending}>
      <Select {...form.field('programId')} label={t('form.program')} onValueChange={(id) => onProgramChange(id)} required>
        <option value="">{t('form.programPlaceholder')}</option>
        {programs.map((p) => (
          <option key={p.id} value={p.id}>
            {t('form.programOption', {
              name: t(`programs.${p.id}.name`, { defaultValue: p.name }),
              min: p.minAge,
              max: p.maxAge,
              price: formatPrice(p.weeklyPrice, lang),
            })}
          </option>
        ))}
      </Select>

      <WeeksField
        weeks={weeks}
        programChosen={programId !== ''}
        chosen={chosenIds}
        onToggle={toggleWeek}
        error={form.errors.weekId}
        waitWeek={waitWeek}
        onJoinWaitlist={joinWaitlist}
      />

      <ChildFields form={form} />

      <ParentFields form={form} />

      <PayerFields form={form} />

      <HealthFields form={form} />

      <PhotoField form={form} />

      <ConsentField form={form} />

      <div className="rounded-lg bg-brand-50 p-4" aria-live="polite">
        <p className="font-semibold" data-testid="daycamp-total">
          {t('form.total', { amount: formatPrice(total, lang), count: chosenIds.length })}
        </p>
        <p className="mt-1 text-sm text-slate-700">{t('form.paymentNote')}</p>
      </div>

      {!isSignedIn && <p className="text-sm text-slate-700">{t('form.signInNote')}</p>}

      {waitWeek ? (
        <FormActions rowClassName="flex justify-end" pending={join.isPending} label={t('waitlist.submit')} pendingLabel={t('waitlist.submitting')} />
      ) : (
        <FormActions rowClassName="flex justify-end" pending={register.isPending} label={t('form.submit')} pendingLabel={t('form.submitting')} />
      )}
    </form>
  );
}
