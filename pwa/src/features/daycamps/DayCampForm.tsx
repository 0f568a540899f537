// The day-camp registration form (spec section 5): program, desired weeks ('Complet' when
// full), child, parent. Validated through core-wasm with the server's own rules and messages
// (the spec's 'Please select a week', "Child's first name is required", … and the age on the
// first day of each week); a 422 or 409 from the server lands under the same fields. On
// success: the toast, then /checkout?type=daycamp&id={id}&amount={amountPaid}.
import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextArea } from '../../components/form/TextArea';
import { TextField } from '../../components/form/TextField';
import { useForm, type FieldErrors } from '../../components/form/useForm';
import { useSignInGate } from '../../components/signIn';
import { checkCampAge, validateDayCampRegistration } from '../../core';
import { formatPrice } from '../../lib/format';
import { useCurrentUser } from '../auth/queries';
import { centreToday, weekNumber, weekRange } from './dates';
import { useRegisterDayCamp, type DayCampRegistrationInput } from './mutations';
import { useWeeks, type Program, type Week } from './queries';

type Values = {
  programId: string;
  /** The chosen week ids, comma-separated ('3,4'); named as core and the server name its errors. */
  weekId: string;
  childFirstName: string;
  childLastName: string;
  childBirthDate: string;
  childGender: string;
  canSwim: boolean;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
  emergencyPhone: string;
  medicalConditions: string;
};

const EMPTY: Values = {
  programId: '',
  weekId: '',
  childFirstName: '',
  childLastName: '',
  childBirthDate: '',
  childGender: '',
  canSwim: false,
  parentName: '',
  parentEmail: '',
  parentPhone: '',
  emergencyPhone: '',
  medicalConditions: '',
};

const idsOf = (weekIds: string) => weekIds.split(',').filter(Boolean);

function toInput({ weekId, ...values }: Values): DayCampRegistrationInput {
  return { ...values, weekIds: idsOf(weekId) };
}

/** A week can be chosen while it has not started and has places left. */
function selectable(week: Week): boolean {
  return week.open && (week.remaining ?? 0) > 0;
}

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
      register.mutate(toInput(values));
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
    const kept = idsOf(values.weekId).filter((id) => weeks.data.some((w) => String(w.id) === id && selectable(w)));
    if (kept.join(',') !== values.weekId) setValue('weekId', kept.join(','));
  }, [weeks.data, values.weekId, setValue]);

  // The parent's name and e-mail from the signed-in account, when still empty.
  useEffect(() => {
    if (!user) return;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    if (name && !values.parentName) setValue('parentName', name);
    if (!values.parentEmail) setValue('parentEmail', user.email);
    // Only when the account arrives: later edits are the parent's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const chosenIds = idsOf(values.weekId);
  const toggleWeek = (id: string, on: boolean) => {
    const next = on ? [...chosenIds, id] : chosenIds.filter((w) => w !== id);
    const order = (weeks.data ?? []).map((w) => String(w.id));
    next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    setValue('weekId', next.join(','));
  };

  const text = (name: keyof Values, label: string, extra: { type?: string; required?: boolean; autoComplete?: string; hint?: string } = {}) => (
    <TextField
      name={name}
      label={label}
      value={String(values[name])}
      onValueChange={(value) => setValue(name, value)}
      error={form.errors[name]}
      type={extra.type ?? 'text'}
      required={extra.required}
      hint={extra.hint}
      autoComplete={extra.autoComplete ?? 'off'}
    />
  );

  const total = program ? program.weeklyPrice * chosenIds.length : 0;

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="mt-6 space-y-6" aria-busy={register.isPending}>
      <SelectField
        name="programId"
        label={t('form.program')}
        value={values.programId}
        onChange={(id) => onProgramChange(id)}
        error={form.errors.programId}
        required
      >
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
      </SelectField>

      <WeeksField
        weeks={programId ? weeks.data : undefined}
        loading={weeks.isLoading}
        chosen={chosenIds}
        onToggle={toggleWeek}
        error={form.errors.weekId}
      />

      <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 font-semibold">{t('form.child')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('childFirstName', t('form.childFirstName'), { required: true })}
          {text('childLastName', t('form.childLastName'), { required: true })}
          {text('childBirthDate', t('form.childBirthDate'), { type: 'date', required: true, hint: t('form.childBirthDateHint') })}
          <SelectField name="childGender" label={t('form.childGender')} value={values.childGender} onChange={(v) => setValue('childGender', v)} error={form.errors.childGender}>
            <option value="">{t('form.gender.unspecified')}</option>
            <option value="girl">{t('form.gender.girl')}</option>
            <option value="boy">{t('form.gender.boy')}</option>
            <option value="other">{t('form.gender.other')}</option>
          </SelectField>
        </div>
        <div className="mt-4">
          <CheckboxField name="canSwim" label={t('form.canSwim')} checked={values.canSwim} onChange={(v) => setValue('canSwim', v)} />
        </div>
        <div className="mt-4">
          <TextArea
            name="medicalConditions"
            rows={3}
            label={t('form.medicalConditions')}
            hint={t('form.medicalConditionsHint')}
            value={values.medicalConditions}
            onValueChange={(v) => setValue('medicalConditions', v)}
            error={form.errors.medicalConditions}
          />
        </div>
      </fieldset>

      <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 font-semibold">{t('form.parent')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('parentName', t('form.parentName'), { required: true, autoComplete: 'name' })}
          {text('parentEmail', t('form.parentEmail'), { type: 'email', required: true, autoComplete: 'email' })}
          {text('parentPhone', t('form.parentPhone'), { type: 'tel', required: true, autoComplete: 'tel' })}
          {text('emergencyPhone', t('form.emergencyPhone'), { type: 'tel', hint: t('form.emergencyPhoneHint') })}
        </div>
      </fieldset>

      <div className="rounded-lg bg-brand-50 p-4" aria-live="polite">
        <p className="font-semibold" data-testid="daycamp-total">
          {t('form.total', { amount: formatPrice(total, lang), count: chosenIds.length })}
        </p>
        <p className="mt-1 text-sm text-slate-700">{t('form.paymentNote')}</p>
      </div>

      {!isSignedIn && <p className="text-sm text-slate-700">{t('form.signInNote')}</p>}

      <div className="flex justify-end">
        <button
          type="submit"
          disabled={register.isPending}
          className="min-h-11 rounded bg-brand-700 px-6 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:bg-slate-500"
        >
          {register.isPending ? t('form.submitting') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}

function WeeksField({
  weeks,
  loading,
  chosen,
  onToggle,
  error,
}: {
  weeks: Week[] | undefined;
  loading: boolean;
  chosen: string[];
  onToggle: (id: string, on: boolean) => void;
  error?: string;
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
      {!weeks && !loading && <p className="text-sm text-slate-700">{t('form.weeksChooseProgram')}</p>}
      {loading && (
        <p role="status" className="text-sm text-slate-700">
          {t('loading')}
        </p>
      )}
      {weeks && (
        <ul className="grid gap-2 sm:grid-cols-2">
          {weeks.map((week) => {
            const id = String(week.id);
            const can = selectable(week);
            const state = !week.open ? t('form.weekClosed') : can ? t('form.placesLeft', { count: week.remaining ?? 0 }) : t('form.weekFull');
            return (
              <li key={week.id}>
                <label
                  className={`flex min-h-11 items-start gap-3 rounded border p-3 ${can ? 'cursor-pointer border-slate-300 hover:bg-brand-50' : 'border-slate-200 bg-slate-100 text-slate-500'}`}
                >
                  <input
                    type="checkbox"
                    name="weekId"
                    value={id}
                    checked={weekIds.has(id)}
                    disabled={!can}
                    onChange={(e) => onToggle(id, e.target.checked)}
                    className="mt-1 h-4 w-4"
                  />
                  <span>
                    <span className="block font-semibold">
                      {t('form.weekLabel', { n: weekNumber(week.label), dates: weekRange(week.startDate, week.endDate, i18n.language) })}
                    </span>
                    <span className={`block text-sm ${can ? 'text-slate-700' : 'font-semibold'}`}>{state}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function SelectField({
  name,
  label,
  value,
  onChange,
  error,
  required,
  children,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' *'}
          </span>
        )}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`mt-1 block w-full rounded border bg-white px-3 py-2 ${error ? 'border-red-700' : 'border-slate-400'}`}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function CheckboxField({ name, label, checked, onChange }: { name: string; label: string; checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <input id={id} type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4" />
      <label htmlFor={id} className="text-slate-800">
        {label}
      </label>
    </div>
  );
}
