// The tournament's configuration (spec section 5): courts 1-4 (default 2), match length 10-60
// (default 20), break 5-30 (default 10), start time (the centre's wall clock) and, beyond the
// spec, the pool count 1-4 (default 1) and how each phase's matches are scored (a preset:
// 'Simple (un score par match)', the default, 'Plage FIVB 21/21/15'…; a custom format made
// through the API is shown and kept, not edited here). One form for 'Créer le tournoi' and for
// the dialog 'Modifier les détails du tournoi'; centre-core checks it as the server does. A
// phase's format no longer changes once one of its matches has a score: the server's 409
// `format_locked` lands on the format that was changed.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Dialog } from '../../components/Dialog';
import { Select } from '../../components/form/Select';
import { TextField } from '../../components/form/TextField';
import { useForm, type FieldErrors } from '../../components/form/useForm';
import { coreMessage, validateTournamentConfig } from '../../core';
import { fromCentreInput, toCentreInput } from '../../lib/dates';
import { useCreateTournament, useUpdateTournament } from './mutations';
import { formatInput, formatName, isPreset, PRESETS, type FormatInput, type MatchFormat } from '../tournament-shared/format';
import type { AdminTournament, TournamentInput } from '../tournament-shared/types';
import { FormActions } from '../../components/form/FormActions';

/** The choice of a format that is no preset (made through the API): kept as it is. */
const CUSTOM = 'custom';

type ConfigValues = {
  courtsAvailable: string;
  matchDurationMinutes: string;
  breakBetweenMatches: string;
  /** datetime-local: the centre's wall clock. */
  startTime: string;
  poolCount: string;
  /** A preset's id, or CUSTOM. */
  poolFormat: string;
  knockoutFormat: string;
};

const FORMAT_FIELDS = ['poolFormat', 'knockoutFormat'] as const;
type FormatField = (typeof FORMAT_FIELDS)[number];

const DEFAULTS: ConfigValues = {
  courtsAvailable: '2',
  matchDurationMinutes: '20',
  breakBetweenMatches: '10',
  startTime: '',
  poolCount: '1',
  poolFormat: 'single',
  knockoutFormat: 'single',
};

/** The tournament's format of a phase (none in an answer kept before formats existed: `single`). */
function currentFormat(tournament: AdminTournament | null, field: FormatField): MatchFormat | undefined {
  return (tournament as Partial<AdminTournament> | null)?.[field];
}

/** The choice showing a phase's current format. */
function formatChoice(format: MatchFormat | undefined): string {
  if (!format) return 'single';
  return isPreset(format.preset) ? format.preset : CUSTOM;
}

function initialValues(tournament: AdminTournament | null): ConfigValues {
  if (!tournament) return DEFAULTS;
  return {
    courtsAvailable: String(tournament.courtsAvailable),
    matchDurationMinutes: String(tournament.matchDurationMinutes),
    breakBetweenMatches: String(tournament.breakBetweenMatches),
    startTime: toCentreInput(tournament.startTime),
    poolCount: String(tournament.poolCount),
    poolFormat: formatChoice(currentFormat(tournament, 'poolFormat')),
    knockoutFormat: formatChoice(currentFormat(tournament, 'knockoutFormat')),
  };
}

const whole = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The body's format: the preset chosen, or the tournament's own custom format, unchanged. */
function formatValue(choice: string, current: MatchFormat | undefined): FormatInput | null {
  return choice === CUSTOM ? formatInput(current) : choice;
}

/** What is sent: numbers (a blank one null, which the server turns into its default), a UTC start, the formats. */
function toTournamentInput(values: ConfigValues, tournament: AdminTournament | null): TournamentInput {
  return {
    courtsAvailable: whole(values.courtsAvailable),
    matchDurationMinutes: whole(values.matchDurationMinutes),
    breakBetweenMatches: whole(values.breakBetweenMatches),
    startTime: values.startTime.trim() ? fromCentreInput(values.startTime) : null,
    poolCount: whole(values.poolCount),
    poolFormat: formatValue(values.poolFormat, currentFormat(tournament, 'poolFormat')),
    knockoutFormat: formatValue(values.knockoutFormat, currentFormat(tournament, 'knockoutFormat')),
  };
}

/** The configuration of an existing tournament as the body of an edit (its formats kept as they are). */
export function currentInput(tournament: AdminTournament): TournamentInput {
  const { courtsAvailable, matchDurationMinutes, breakBetweenMatches, startTime, poolCount } = tournament;
  return {
    courtsAvailable,
    matchDurationMinutes,
    breakBetweenMatches,
    startTime,
    poolCount,
    poolFormat: formatInput(currentFormat(tournament, 'poolFormat')),
    knockoutFormat: formatInput(currentFormat(tournament, 'knockoutFormat')),
  };
}

/** The 'Configuration du tournoi' card: the form and 'Créer le tournoi' (disabled once one exists). */
export function CreateTournamentCard({ eventId, exists, loading }: { eventId: number; exists: boolean; loading: boolean }) {
  const { t } = useTranslation('tournaments');
  return (
    <section aria-labelledby="tournament-config-title" className="rounded-xl border border-slate-200 p-5 shadow-sm">
      <h3 id="tournament-config-title" className="text-lg font-semibold">
        {t('config.title')}
      </h3>
      <ConfigForm key={eventId} eventId={eventId} tournament={null} disabled={exists || loading} />
      {exists && <p className="mt-3 text-sm text-slate-700">{t('config.exists')}</p>}
    </section>
  );
}

/** 'Modifier les détails du tournoi'. */
export function EditTournamentDialog({ tournament, open, onClose }: { tournament: AdminTournament; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tournaments');
  return (
    <Dialog open={open} onClose={onClose} title={t('config.editTitle')} closeLabel={t('close')}>
      <ConfigForm eventId={tournament.eventId} tournament={tournament} disabled={false} onDone={onClose} />
    </Dialog>
  );
}

function ConfigForm({
  eventId,
  tournament,
  disabled,
  onDone,
}: {
  eventId: number;
  tournament: AdminTournament | null;
  disabled: boolean;
  onDone?: () => void;
}) {
  const { t, i18n } = useTranslation('tournaments');
  const initial = useMemo(() => initialValues(tournament), [tournament]);
  const onError = async (error: unknown) => {
    if (form.setServerErrors(error)) return;
    if (!(error instanceof ApiError) || error.code !== 'format_locked') return;
    // The phase whose format was changed (the server does not say which): its field says why.
    const changed = FORMAT_FIELDS.filter((field) => form.values[field] !== initial[field]);
    const message = await coreMessage('format_locked', i18n.language);
    form.setErrors(Object.fromEntries((changed.length > 0 ? changed : FORMAT_FIELDS).map((field) => [field, message])));
  };
  const handlers = { onSuccess: () => onDone?.(), onError: (error: unknown) => void onError(error) };
  const create = useCreateTournament(eventId, handlers);
  const update = useUpdateTournament(eventId, handlers);
  const pending = create.isPending || update.isPending;
  const form = useForm<ConfigValues>({
    initial,
    validate: async (values) => {
      const input = toTournamentInput(values, tournament);
      const checked = { ...values, startTime: input.startTime ?? '', poolFormat: input.poolFormat, knockoutFormat: input.knockoutFormat };
      return (await validateTournamentConfig(checked, i18n.language)) as FieldErrors<ConfigValues>;
    },
    onSubmit: (values) => {
      const input = toTournamentInput(values, tournament);
      if (tournament) update.mutate({ id: tournament.id, ...input });
      else create.mutate(input);
    },
  });
  // After generating, the server refuses another court or pool count (409 courts_locked / pools_locked).
  const locked = tournament !== null && tournament.status !== 'setup';
  const number = (name: 'courtsAvailable' | 'matchDurationMinutes' | 'breakBetweenMatches' | 'poolCount', label: string, min: number, max: number, hint?: string) => (
    <TextField
      {...form.field(name)}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      hint={hint}
      disabled={disabled || (locked && (name === 'courtsAvailable' || name === 'poolCount'))}
      inputClassName="min-h-11"
    />
  );
  const format = (name: FormatField, label: string) => {
    const current = currentFormat(tournament, name);
    const choice = form.values[name];
    return (
      <Select
        {...form.field(name)}
        label={label}
        hint={choice === CUSTOM ? formatName(current, t) : isPreset(choice) ? t(`format.presetHint.${choice}`) : undefined}
        disabled={disabled}
        selectClassName="min-h-11"
      >
        {PRESETS.map((preset) => (
          <option key={preset} value={preset}>
            {t(`format.preset.${preset}`)}
          </option>
        ))}
        {formatChoice(current) === CUSTOM && <option value={CUSTOM}>{formatName(current, t)}</option>}
      </Select>
    );
  };
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="mt-4 space-y-4" aria-busy={pending}>
      {locked && <p className="rounded bg-amber-50 p-3 text-sm text-amber-900">{t('config.lockedHint')}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        {number('courtsAvailable', t('config.courts'), 1, 4)}
        {number('matchDurationMinutes', t('config.duration'), 10, 60)}
        {number('breakBetweenMatches', t('config.break'), 5, 30)}
        <TextField
          {...form.field('startTime')}
          type="datetime-local"
          label={t('config.startTime')}
          disabled={disabled}
          inputClassName="min-h-11"
        />
        {number('poolCount', t('config.poolCount'), 1, 4, t('config.poolCountHint'))}
      </div>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">{t('config.formats')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {format('poolFormat', t('config.poolFormat'))}
          {format('knockoutFormat', t('config.knockoutFormat'))}
        </div>
        <p className="text-sm text-slate-600">{t('config.formatsHint')}</p>
      </fieldset>
      <p className="text-sm text-slate-600">{t('config.defaultsHint')}</p>
      <FormActions
        rowClassName="flex flex-wrap justify-end gap-3"
        onCancel={onDone}
        cancelLabel={t('config.cancel')}
        pending={pending}
        disabled={disabled}
        label={tournament ? t('config.save') : t('config.create')}
        pendingLabel={tournament ? t('config.saving') : t('config.creating')}
      />
    </form>
  );
}
