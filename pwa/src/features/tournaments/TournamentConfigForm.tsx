// The tournament's configuration (spec section 5): courts 1-4 (default 2), match length 10-60
// (default 20), break 5-30 (default 10), start time (the centre's wall clock) and, beyond the
// spec, the pool count 1-4 (default 1). One form for 'Créer le tournoi' and for the dialog
// 'Modifier les détails du tournoi'; centre-core checks it as the server does.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/form/TextField';
import { useForm, type FieldErrors } from '../../components/form/useForm';
import { validateTournamentConfig } from '../../core';
import { fromCentreInput, toCentreInput } from '../../lib/dates';
import { useCreateTournament, useUpdateTournament } from './mutations';
import type { AdminTournament, TournamentInput } from '../tournament-shared/types';
import { FormActions } from '../../components/form/FormActions';

type ConfigValues = {
  courtsAvailable: string;
  matchDurationMinutes: string;
  breakBetweenMatches: string;
  /** datetime-local: the centre's wall clock. */
  startTime: string;
  poolCount: string;
};

const DEFAULTS: ConfigValues = { courtsAvailable: '2', matchDurationMinutes: '20', breakBetweenMatches: '10', startTime: '', poolCount: '1' };

function initialValues(tournament: AdminTournament | null): ConfigValues {
  if (!tournament) return DEFAULTS;
  return {
    courtsAvailable: String(tournament.courtsAvailable),
    matchDurationMinutes: String(tournament.matchDurationMinutes),
    breakBetweenMatches: String(tournament.breakBetweenMatches),
    startTime: toCentreInput(tournament.startTime),
    poolCount: String(tournament.poolCount),
  };
}

const whole = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** What is sent: numbers (a blank one null, which the server turns into its default), a UTC start. */
function toTournamentInput(values: ConfigValues): TournamentInput {
  return {
    courtsAvailable: whole(values.courtsAvailable),
    matchDurationMinutes: whole(values.matchDurationMinutes),
    breakBetweenMatches: whole(values.breakBetweenMatches),
    startTime: values.startTime.trim() ? fromCentreInput(values.startTime) : null,
    poolCount: whole(values.poolCount),
  };
}

/** The configuration of an existing tournament as the body of an edit. */
export function currentInput(tournament: AdminTournament): TournamentInput {
  const { courtsAvailable, matchDurationMinutes, breakBetweenMatches, startTime, poolCount } = tournament;
  return { courtsAvailable, matchDurationMinutes, breakBetweenMatches, startTime, poolCount };
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
  const handlers = { onSuccess: () => onDone?.(), onError: (error: unknown) => form.setServerErrors(error) };
  const create = useCreateTournament(eventId, handlers);
  const update = useUpdateTournament(eventId, handlers);
  const pending = create.isPending || update.isPending;
  const form = useForm<ConfigValues>({
    initial,
    validate: async (values) =>
      (await validateTournamentConfig({ ...values, startTime: toTournamentInput(values).startTime ?? '' }, i18n.language)) as FieldErrors<ConfigValues>,
    onSubmit: (values) => {
      const input = toTournamentInput(values);
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
