// 'Créer la ligue': the season (its first night and how many weeks, one night a week), the
// nights' start time on the centre's clock, the courts (tier 1's first), the group size, the
// matches' format and length, and how long a team's proposed result waits. The server checks it
// all with core's rules: a 422 lands on its field, a 409 (too few teams, more waves than fit
// before the courts close) says what is needed in the toast.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Checkbox } from '../../components/form/Checkbox';
import { Select } from '../../components/form/Select';
import { TextField } from '../../components/form/TextField';
import { SubmitButton } from '../../components/form/FormActions';
import { useForm } from '../../components/form/useForm';
import { presetFormats } from '../../core';
import { useCore } from '../../core/useCore';
import { useCourts } from '../courts/queries';
import { useCreateLeague, type LeagueInput } from './mutations';

type Values = {
  firstNight: string;
  weeks: string;
  startTime: string;
  /** The chosen courts' ids, in the order they were ticked: tier 1's court first. */
  courts: string;
  groupSize: string;
  format: string;
  matchDurationMinutes: string;
  confirmHours: string;
};

const INITIAL: Values = {
  firstNight: '',
  weeks: '10',
  startTime: '18:30',
  courts: '',
  groupSize: '3',
  format: 'single',
  matchDurationMinutes: '15',
  confirmHours: '24',
};

const ids = (courts: string): number[] => courts.split(',').filter(Boolean).map(Number);

export function CreateLeagueForm({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation(['leagues', 'tournaments']);
  const courts = useCourts();
  const core = useCore();
  const presets = useMemo(() => (core ? presetFormats(core).map((p) => p.id) : ['single']), [core]);
  const form = useForm<Values>({
    initial: INITIAL,
    onSubmit: (values) => create.mutate(toInput(values)),
  });
  // The season's dates are refused as `nights` (a night on closed courts): the first night's field says it.
  const create = useCreateLeague(eventId, {
    onError: (error) => {
      if (!(error instanceof ApiError) || !error.fieldErrors) return;
      const { nights, ...others } = error.fieldErrors;
      form.setErrors(nights ? { ...others, firstNight: nights } : others);
    },
  });
  const chosen = ids(form.values.courts);
  const toggle = (id: number, on: boolean) => form.setValue('courts', (on ? [...chosen, id] : chosen.filter((c) => c !== id)).join(','));

  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-4 rounded-xl border border-slate-300 p-4" aria-labelledby="create-league-title">
      <h3 id="create-league-title" className="text-xl font-semibold">
        {t('admin.create.title')}
      </h3>
      <p className="text-slate-700">{t('admin.create.intro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField type="date" label={t('admin.create.firstNight')} required {...form.field('firstNight')} />
        <TextField type="number" inputMode="numeric" min={1} label={t('admin.create.weeks')} {...form.field('weeks')} />
        <TextField type="time" label={t('admin.create.startTime')} hint={t('admin.create.startTimeHint')} {...form.field('startTime')} />
        <Select label={t('admin.create.groupSize')} {...form.field('groupSize')}>
          <option value="3">{t('admin.create.groupOf', { count: 3 })}</option>
          <option value="4">{t('admin.create.groupOf', { count: 4 })}</option>
        </Select>
        <Select label={t('admin.create.format')} {...form.field('format')}>
          {presets.map((id) => (
            <option key={id} value={id}>
              {t(`tournaments:format.preset.${id}`)}
            </option>
          ))}
        </Select>
        <TextField type="number" inputMode="numeric" label={t('admin.create.matchMinutes')} {...form.field('matchDurationMinutes')} />
        <TextField type="number" inputMode="numeric" label={t('admin.create.confirmHours')} hint={t('admin.create.confirmHint')} {...form.field('confirmHours')} />
      </div>
      <fieldset aria-describedby={form.errors.courts ? 'league-courts-error' : undefined}>
        <legend className="font-medium">{t('admin.create.courts')}</legend>
        <p className="text-sm text-slate-700">{t('admin.create.courtsHint')}</p>
        <div className="mt-2 flex flex-wrap gap-x-6">
          {(courts.data ?? []).map((court) => (
            <Checkbox
              key={court.id}
              name="courts"
              value={String(court.id)}
              label={i18n.language === 'en' && court.nameEn ? court.nameEn : court.name}
              checked={chosen.includes(court.id)}
              onCheckedChange={(on) => toggle(court.id, on)}
              labelClassName="min-h-11"
            />
          ))}
        </div>
        {form.errors.courts && (
          <p id="league-courts-error" role="alert" className="mt-1 text-sm text-red-800">
            {form.errors.courts}
          </p>
        )}
      </fieldset>
      <SubmitButton label={t('admin.create.submit')} pendingLabel={t('admin.create.pending')} pending={create.isPending} />
    </form>
  );
}

function toInput(values: Values): LeagueInput {
  return {
    firstNight: values.firstNight || null,
    weeks: values.weeks,
    startTime: values.startTime || null,
    courts: ids(values.courts),
    groupSize: values.groupSize,
    format: values.format,
    matchDurationMinutes: values.matchDurationMinutes,
    confirmHours: values.confirmHours,
  };
}
