// The tournament's configuration: courts 1-4 (default 2), match length 10-60 (default 20),
// break 5-30 (default 10), start time (the centre's wall clock), the pool count 1-4 (default 1)
// and how each phase's matches are scored (a preset:
// 'Simple (un score par match)', the default, 'Plage FIVB 21/21/15'…, or 'Personnalisé': its
// sets, points, deciding set, cap or time limit, started from the preset shown by 'Personnaliser
// le format…', or a custom format made through the API, shown with its values). One form for
// 'Créer le tournoi' and for the dialog 'Modifier les détails du tournoi'; centre-core checks it
// as the server does (a custom format it refuses: `format_invalid` under the phase's format). A
// phase's format no longer changes once one of its matches has a score: the server's 409
// `format_locked` lands on the format that was changed. Who enters the scores (the organisers or
// the teams), the window a team's proposed result waits for the other side, and whether every
// match gets a work team are chosen in setup only (409 `tournament_not_setup` after).
import { useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import type { Schemas } from '../../api/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Checkbox } from '../../components/form/Checkbox';
import { Select } from '../../components/form/Select';
import { TextField } from '../../components/form/TextField';
import { useForm, type FieldErrors } from '../../components/form/useForm';
import { coreMessage, presetFormats, validateTournamentConfig } from '../../core';
import { useCore } from '../../core/useCore';
import { fromCentreInput, toCentreInput } from '../../lib/dates';
import { useCreateTournament, useUpdateTournament } from './mutations';
import { formatInput, formatName, type FormatInput, type MatchFormat } from '../tournament-shared/format';
import type { AdminTournament, TournamentInput } from '../tournament-shared/types';
import { FormActions } from '../../components/form/FormActions';
import { CUSTOM_KEYS, customFrom, customInput, customOf, hasDecidingSet, isCustom, sameCustom, type CustomSets } from './customFormat';

/** Who enters the scores, and whether matches get a work team, in the lists' order. */
const SCORINGS = ['staff', 'teams'] as const satisfies readonly Scoring[];
const DUTY_MODES = ['none', 'teams'] as const satisfies readonly DutyMode[];
type Scoring = Schemas['Scoring'];
type DutyMode = Schemas['DutyMode'];

/** The choice of a format that is no preset: its sets are the phase's custom fields. */
const CUSTOM = 'custom';

type BaseValues = {
  courtsAvailable: string;
  matchDurationMinutes: string;
  breakBetweenMatches: string;
  /** datetime-local: the centre's wall clock. */
  startTime: string;
  poolCount: string;
  /** A preset's id, or CUSTOM. */
  poolFormat: string;
  knockoutFormat: string;
  scoring: Scoring;
  confirmMinutes: string;
  duty: DutyMode;
};

const FORMAT_FIELDS = ['poolFormat', 'knockoutFormat'] as const;
type FormatField = (typeof FORMAT_FIELDS)[number];

/** A phase's custom fields in the form's values: 'poolFormat.sets', 'knockoutFormat.cap'… */
type CustomFields<F extends FormatField> = { [K in keyof CustomSets as `${F}.${K}`]: CustomSets[K] };
type ConfigValues = BaseValues & CustomFields<'poolFormat'> & CustomFields<'knockoutFormat'>;

/** The custom fields typed in (the switches aside). */
type CustomText = Exclude<keyof CustomSets, 'playAll' | 'winByTwo'>;

const customKey = <K extends keyof CustomSets>(field: FormatField, key: K) => `${field}.${key}` as `${FormatField}.${K}`;

/** A phase's custom format as the form holds it. */
function customValues(values: ConfigValues, field: FormatField): CustomSets {
  return Object.fromEntries(CUSTOM_KEYS.map((key) => [key, values[customKey(field, key)]])) as unknown as CustomSets;
}

function customEntries(field: FormatField, custom: CustomSets): CustomFields<FormatField> {
  return Object.fromEntries(CUSTOM_KEYS.map((key) => [customKey(field, key), custom[key]])) as CustomFields<FormatField>;
}

const DEFAULTS: BaseValues = {
  courtsAvailable: '2',
  matchDurationMinutes: '20',
  breakBetweenMatches: '10',
  startTime: '',
  poolCount: '1',
  poolFormat: 'single',
  knockoutFormat: 'single',
  scoring: 'staff',
  confirmMinutes: '10',
  duty: 'none',
};

/** The tournament's format of a phase (none in an answer kept before formats existed: `single`). */
function currentFormat(tournament: AdminTournament | null, field: FormatField): MatchFormat | undefined {
  return (tournament as Partial<AdminTournament> | null)?.[field];
}

/** The choice showing a phase's current format. */
function formatChoice(format: MatchFormat | undefined): string {
  if (!format) return 'single';
  return format.preset ?? CUSTOM;
}

/** The form's values; each phase's custom fields show its custom format, else its preset's sets. */
function initialValues(tournament: AdminTournament | null): ConfigValues {
  const base: BaseValues = tournament
    ? {
        courtsAvailable: String(tournament.courtsAvailable),
        matchDurationMinutes: String(tournament.matchDurationMinutes),
        breakBetweenMatches: String(tournament.breakBetweenMatches),
        startTime: toCentreInput(tournament.startTime),
        poolCount: String(tournament.poolCount),
        poolFormat: formatChoice(currentFormat(tournament, 'poolFormat')),
        knockoutFormat: formatChoice(currentFormat(tournament, 'knockoutFormat')),
        scoring: tournament.scoring,
        confirmMinutes: String(tournament.confirmMinutes),
        duty: tournament.duty,
      }
    : DEFAULTS;
  // A preset's custom fields start from the tournament's format, which is that preset's.
  const custom = (field: FormatField) => customEntries(field, customFrom(base[field], currentFormat(tournament, field), null));
  return { ...base, ...custom('poolFormat'), ...custom('knockoutFormat') } as ConfigValues;
}

const whole = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The body's format of a phase: the preset chosen, or the custom format its fields make. */
function formatValue(values: ConfigValues, field: FormatField, current: MatchFormat | undefined): FormatInput | null {
  const choice = values[field];
  return choice === CUSTOM ? customInput(customValues(values, field), current) : choice;
}

/** A custom format as the tournament has it, its fields untouched. */
function untouched(values: ConfigValues, field: FormatField, current: MatchFormat | undefined): boolean {
  return values[field] === CUSTOM && isCustom(current) && sameCustom(customValues(values, field), customOf(current.sets));
}

/** What is sent: numbers (a blank one null, which the server turns into its default), a UTC start, the formats. */
function toTournamentInput(values: ConfigValues, tournament: AdminTournament | null): TournamentInput {
  return {
    courtsAvailable: whole(values.courtsAvailable),
    matchDurationMinutes: whole(values.matchDurationMinutes),
    breakBetweenMatches: whole(values.breakBetweenMatches),
    startTime: values.startTime.trim() ? fromCentreInput(values.startTime) : null,
    poolCount: whole(values.poolCount),
    poolFormat: formatValue(values, 'poolFormat', currentFormat(tournament, 'poolFormat')),
    knockoutFormat: formatValue(values, 'knockoutFormat', currentFormat(tournament, 'knockoutFormat')),
    scoring: values.scoring,
    confirmMinutes: whole(values.confirmMinutes),
    duty: values.duty,
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
  const core = useCore();
  // The presets and their formats are core's; the list shows once core-wasm is loaded.
  const presets = useMemo(() => (core ? presetFormats(core) : null), [core]);
  const initial = useMemo(() => initialValues(tournament), [tournament]);
  const formRef = useRef<HTMLFormElement>(null);
  // 'Personnalisé' is in a phase's list once the phase has had a custom format (its values are kept).
  const [customOffered, setCustomOffered] = useState(() => ({
    poolFormat: initial.poolFormat === CUSTOM,
    knockoutFormat: initial.knockoutFormat === CUSTOM,
  }));
  const onError = async (error: unknown) => {
    if (form.setServerErrors(error)) return;
    if (!(error instanceof ApiError) || error.code !== 'format_locked') return;
    // The phase whose format was changed (the server does not say which): its field says why.
    const sent = (values: ConfigValues, field: FormatField) => JSON.stringify(formatValue(values, field, currentFormat(tournament, field)));
    const changed = FORMAT_FIELDS.filter((field) => sent(form.values, field) !== sent(initial, field));
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
      const { courtsAvailable, matchDurationMinutes, breakBetweenMatches, poolCount, scoring, confirmMinutes, duty } = values;
      const checked = {
        courtsAvailable,
        matchDurationMinutes,
        breakBetweenMatches,
        poolCount,
        scoring,
        confirmMinutes,
        duty,
        startTime: input.startTime ?? '',
        poolFormat: input.poolFormat,
        knockoutFormat: input.knockoutFormat,
      };
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
  const number = (name: 'courtsAvailable' | 'matchDurationMinutes' | 'breakBetweenMatches' | 'poolCount' | 'confirmMinutes', label: string, min: number, max: number, hint?: string) => (
    <TextField
      {...form.field(name)}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      hint={hint}
      disabled={disabled || (locked && (name === 'courtsAvailable' || name === 'poolCount' || name === 'confirmMinutes'))}
      inputClassName="min-h-11"
    />
  );
  /** 'Personnaliser le format…': the phase's custom fields, started from the preset shown, and the focus on the first. */
  const customize = (name: FormatField) => {
    flushSync(() => {
      const custom = customFrom(form.values[name], currentFormat(tournament, name), presets);
      for (const key of CUSTOM_KEYS) form.setValue(customKey(name, key), custom[key]);
      form.setValue(name, CUSTOM);
      setCustomOffered((offered) => ({ ...offered, [name]: true }));
    });
    (formRef.current?.elements.namedItem(customKey(name, 'sets')) as HTMLInputElement | null)?.focus();
  };
  // A custom field corrected: the phase's message (centre-core's, or the server's) goes away.
  const clearFormatError = (name: FormatField) =>
    form.setErrors((errors) => {
      if (!errors[name]) return errors;
      const next = { ...errors };
      delete next[name];
      return next;
    });
  const customFields = (name: FormatField, phase: string) => {
    const custom = customValues(form.values, name);
    const text = (key: CustomText, label: string, min: number, max: number, hint?: string) => (
      <TextField
        name={customKey(name, key)}
        value={custom[key]}
        onValueChange={(value) => {
          form.setValue(customKey(name, key), value);
          clearFormatError(name);
        }}
        label={label}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        hint={hint}
        disabled={disabled}
        inputClassName="min-h-11"
      />
    );
    const flag = (key: 'playAll' | 'winByTwo', label: string, hint?: string) => (
      <Checkbox
        name={customKey(name, key)}
        checked={custom[key]}
        onCheckedChange={(checked) => {
          form.setValue(customKey(name, key), checked);
          clearFormatError(name);
        }}
        label={label}
        hint={hint}
        disabled={disabled}
        labelClassName="flex min-h-11 items-center gap-3"
        inputClassName="h-6 w-6 shrink-0 accent-brand-700"
      />
    );
    return (
      <fieldset className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t('config.custom.legend', { phase })}</legend>
        {text('sets', t('config.custom.sets'), 1, 5)}
        {flag('playAll', t('config.custom.playAll'), t('config.custom.playAllHint'))}
        {text('points', t('config.custom.points'), 1, 99)}
        {hasDecidingSet(custom) && text('decidingPoints', t('config.custom.decidingPoints'), 1, 99, t('config.custom.decidingPointsHint'))}
        {flag('winByTwo', t('config.custom.winByTwo'))}
        {text('cap', t('config.custom.cap'), 2, 99, t('config.custom.capHint'))}
        {text('timeLimitMinutes', t('config.custom.timeLimitMinutes'), 1, 240, t('config.custom.timeLimitHint'))}
      </fieldset>
    );
  };
  const format = (name: FormatField, label: string) => {
    const current = currentFormat(tournament, name);
    const choice = form.values[name];
    return (
      <div className="min-w-0 space-y-3">
        <Select
          {...form.field(name)}
          label={label}
          hint={choice !== CUSTOM ? t(`format.presetHint.${choice}`) : undefined}
          disabled={disabled}
          selectClassName="min-h-11"
        >
          {(presets?.map((preset) => preset.id) ?? (choice === CUSTOM ? [] : [choice])).map((preset) => (
            <option key={preset} value={preset}>
              {t(`format.preset.${preset}`)}
            </option>
          ))}
          {(choice === CUSTOM || customOffered[name]) && (
            <option value={CUSTOM}>{untouched(form.values, name, current) ? formatName(current, t) : t('config.custom.option')}</option>
          )}
        </Select>
        {choice === CUSTOM ? (
          customFields(name, label)
        ) : (
          <Button onClick={() => customize(name)} disabled={disabled} className="w-full sm:w-auto">
            {t(`config.custom.customize.${name}`)}
          </Button>
        )}
      </div>
    );
  };
  return (
    <form ref={formRef} noValidate onSubmit={(e) => void form.handleSubmit(e)} className="mt-4 space-y-4" aria-busy={pending}>
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
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">{t('config.teamScoring.legend')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select {...form.field('scoring')} label={t('config.teamScoring.scoring')} disabled={disabled || locked} selectClassName="min-h-11">
            {SCORINGS.map((scoring) => (
              <option key={scoring} value={scoring}>
                {t(`config.teamScoring.scoringOption.${scoring}`)}
              </option>
            ))}
          </Select>
          {form.values.scoring === 'teams' && number('confirmMinutes', t('config.teamScoring.confirmMinutes'), 1, 1440, t('config.teamScoring.confirmMinutesHint'))}
          <Select {...form.field('duty')} label={t('config.teamScoring.duty')} hint={t('config.teamScoring.dutyHint')} disabled={disabled || locked} selectClassName="min-h-11">
            {DUTY_MODES.map((duty) => (
              <option key={duty} value={duty}>
                {t(`config.teamScoring.dutyOption.${duty}`)}
              </option>
            ))}
          </Select>
        </div>
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
