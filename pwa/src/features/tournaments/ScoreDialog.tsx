// 'Saisir le score du match' (and 'Corriger le score', the same dialog). Where the match's phase
// is scored as one pair of numbers (`single`): two whole-number inputs labelled with the team
// names, 'Enregistrer' disabled until both are filled. Where it has sets (its phase's format:
// the pool's for a pool match, the knockout's otherwise): one row per set with each team's
// points in two large inputs, the next row added while the match is not decided (up to the
// format's number of sets), the leader shown as the points are typed. centre-core checks the
// scores as the server does (each set two whole numbers, then the sets against the format);
// the server's field errors land on the same inputs. A score goes to this phone's outbox
// (online or not), once centre-core's merge rule says the server will take it (a knockout draw,
// a set that cannot happen are refused here, with the server's message); a correction is sent
// at once.
import { Fragment, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/form/TextField';
import { useForm, type FieldErrors } from '../../components/form/useForm';
import { coreMessage, loadCore, readScore, validateScore, type CoreModule, type SetScore } from '../../core';
import { useCore } from '../../core/useCore';
import { useCorrectScore, useScoreMatch } from './mutations';
import { formatName, formatOf, setsOf, setsOfScore, type Formats, type MatchFormat, type SetsFormat } from '../tournament-shared/format';
import { formatTime } from '../../lib/format';
import { courtOf, roundName, sideName, type Translate } from '../tournament-shared/rounds';
import { refusalOf, setsRefusal } from './sync/projection';
import type { Match } from '../tournament-shared/types';
import { FormActions } from '../../components/form/FormActions';
import type { Schemas } from '../../api/types';

/** What the dialog enters: a score or a correction (a forfeit is not entered here). */
export type ScoreKind = Exclude<Schemas['ScoreKind'], 'forfeit'>;

interface ScoreDialogProps {
  eventId: number;
  /** The match being scored; null closes the dialog. */
  match: Match | null;
  kind: ScoreKind;
  poolCount: number;
  /** The tournament's formats (none given: both phases `single`). */
  formats?: Formats;
  onClose: () => void;
}

const SINGLE: Formats = {};

export function ScoreDialog({ eventId, match, kind, poolCount, formats = SINGLE, onClose }: ScoreDialogProps) {
  const { t } = useTranslation('tournaments');
  const format = match ? formatOf(formats, match) : undefined;
  const sets = setsOf(format);
  const key = match ? `${match.id}-${kind}` : '';
  return (
    <Dialog open={match !== null} onClose={onClose} title={kind === 'correction' ? t('score.correctTitle') : t('score.title')} closeLabel={t('close')}>
      {match &&
        (format && sets ? (
          <SetsForm key={key} eventId={eventId} match={match} kind={kind} poolCount={poolCount} format={format} sets={sets} formats={formats} onDone={onClose} />
        ) : (
          <ScoreForm key={key} eventId={eventId} match={match} kind={kind} poolCount={poolCount} formats={formats} onDone={onClose} />
        ))}
    </Dialog>
  );
}

interface FormProps {
  eventId: number;
  match: Match;
  kind: ScoreKind;
  poolCount: number;
  formats: Formats;
  onDone: () => void;
}

/** 'Poule A - Ronde 2 · 10:30 · Terrain 1'. */
function matchLine(match: Match, poolCount: number, t: Translate): string {
  const court = courtOf(match);
  return [roundName(match, poolCount, t), match.scheduledTime ? formatTime(match.scheduledTime) : null, court !== null ? t('schedule.court', { n: court }) : null]
    .filter(Boolean)
    .join(' · ');
}

type ScoreValues = { team1Score: string; team2Score: string };

function ScoreForm({ eventId, match, kind, poolCount, formats, onDone }: FormProps) {
  const { t, i18n } = useTranslation('tournaments');
  const [refusal, setRefusal] = useState<string | null>(null);
  const handlers = { onSuccess: onDone, onError: (error: unknown) => form.setServerErrors(error) };
  const score = useScoreMatch(eventId, handlers);
  const correct = useCorrectScore(eventId, handlers);
  const mutation = kind === 'correction' ? correct : score;
  const submit = async (values: ScoreValues) => {
    const team1Score = Number(values.team1Score);
    const team2Score = Number(values.team2Score);
    if (kind === 'correction') {
      correct.mutate({ matchId: match.id, team1Score, team2Score });
      return;
    }
    const code = await refusalOf(match, team1Score, team2Score, i18n.language, { formats });
    setRefusal(code ? await coreMessage(code, i18n.language) : null);
    if (!code) score.mutate({ match, team1Score, team2Score });
  };
  const form = useForm<ScoreValues>({
    initial: {
      team1Score: kind === 'correction' && match.team1Score !== null ? String(match.team1Score) : '',
      team2Score: kind === 'correction' && match.team2Score !== null ? String(match.team2Score) : '',
    },
    validate: async (values) => (await validateScore(values, i18n.language)) as FieldErrors<ScoreValues>,
    onSubmit: submit,
  });
  const filled = form.values.team1Score.trim() !== '' && form.values.team2Score.trim() !== '';
  const input = (name: keyof ScoreValues, side: 1 | 2) => (
    <TextField
      {...form.field(name)}
      label={sideName(match, side, t)}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      required
      inputClassName="min-h-14 text-center text-2xl font-bold"
    />
  );
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="space-y-5" aria-busy={mutation.isPending}>
      <p className="text-slate-700">{matchLine(match, poolCount, t)}</p>
      <div className="grid grid-cols-2 gap-4">
        {input('team1Score', 1)}
        {input('team2Score', 2)}
      </div>
      <p className="text-sm text-slate-600">{t('score.hint')}</p>
      <Refusal message={refusal} />
      <FormActions
        rowClassName="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        onCancel={onDone}
        cancelLabel={t('score.cancel')}
        cancelClassName="min-h-12"
        size="lg"
        pending={mutation.isPending}
        disabled={!filled}
        label={t('score.save')}
        pendingLabel={t('score.saving')}
      />
    </form>
  );
}

function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded bg-red-50 p-3 font-medium text-red-800">
      {message}
    </p>
  );
}

/** One set as typed: team 1's points, team 2's. */
type Row = [string, string];

const isTyped = (row: Row) => row[0].trim() !== '' || row[1].trim() !== '';
const isFilled = (row: Row) => row[0].trim() !== '' && row[1].trim() !== '';

/** As many rows as the format has sets; a correction starts from the match's sets. */
function initialRows(match: Match, kind: ScoreKind, count: number): Row[] {
  const sets = kind === 'correction' ? setsOfScore(match) : [];
  return Array.from({ length: count }, (_, index): Row => {
    const [team1, team2] = sets[index] ?? [];
    return team1 === undefined || team2 === undefined ? ['', ''] : [String(team1), String(team2)];
  });
}

/** What centre-core makes of the sets typed so far. */
interface Reading {
  /** The first rows that are two whole numbers each. */
  sets: SetScore[];
  /** The sets each side won (centre-core's count); null before a set is in. */
  won: { team1Score: number; team2Score: number } | null;
  /** The sets decide the match under its format (no more set to play). */
  decided: boolean;
}

function readSets(core: CoreModule, match: Match, rows: Row[], formats: Formats, lang: string): Reading {
  const sets: SetScore[] = [];
  for (const [team1Score, team2Score] of rows) {
    const { score } = readScore(core, { team1Score, team2Score }, lang);
    if (!score) break;
    sets.push([score.team1Score, score.team2Score]);
  }
  if (sets.length === 0) return { sets, won: null, decided: false };
  return { sets, won: readScore(core, { sets }, lang).score, decided: setsRefusal(core, match, sets, formats, lang) === null };
}

/** 'En tête : Les Huards, 1-0', 'Gagnant : Les Huards, 2-1', 'Égalité, 1-1', 'Match nul, 1-1'. */
function summary(reading: Reading | null, match: Match, t: Translate): string {
  if (!reading?.won) return '';
  const { team1Score: won1, team2Score: won2 } = reading.won;
  if (won1 === won2) return t(reading.decided ? 'score.draw' : 'score.level', { score: `${won1}-${won2}` });
  const leader = won1 > won2 ? 1 : 2;
  const score = `${Math.max(won1, won2)}-${Math.min(won1, won2)}`;
  return t(reading.decided ? 'score.won' : 'score.leading', { team: sideName(match, leader, t), score });
}

interface RowError {
  message: string;
  side: 1 | 2;
}

function SetsForm({ eventId, match, kind, poolCount, format, sets: setsFormat, formats, onDone }: FormProps & { format: MatchFormat; sets: SetsFormat }) {
  const { t, i18n } = useTranslation('tournaments');
  const lang = i18n.language;
  const id = useId();
  const core = useCore();
  const [rows, setRows] = useState<Row[]>(() => initialRows(match, kind, setsFormat.sets));
  const [rowErrors, setRowErrors] = useState<Record<number, RowError>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const handlers = {
    onSuccess: onDone,
    // A correction is the server's to refuse: its message for the sets (or a score) shows here.
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.fieldErrors) setRefusal(error.fieldErrors.sets ?? Object.values(error.fieldErrors)[0] ?? null);
    },
  };
  const score = useScoreMatch(eventId, handlers);
  const correct = useCorrectScore(eventId, handlers);
  const mutation = kind === 'correction' ? correct : score;

  const reading = useMemo(() => (core ? readSets(core, match, rows, formats, lang) : null), [core, match, rows, formats, lang]);
  // Every set is played: all rows at once. A best-of: the sets in, and one more while undecided.
  const lastTyped = rows.reduce((last, row, index) => (isTyped(row) ? index + 1 : last), 0);
  const wanted = setsFormat.playAll ? setsFormat.sets : reading ? reading.sets.length + (reading.decided ? 0 : 1) : lastTyped + 1;
  const visible = Math.min(setsFormat.sets, Math.max(1, lastTyped, wanted));
  const shown = rows.slice(0, visible);
  const canSave = shown.some(isFilled) && !shown.some((row) => isTyped(row) && !isFilled(row));
  const names = [sideName(match, 1, t), sideName(match, 2, t)] as const;

  const change = (index: number, side: 0 | 1, value: string) => {
    setRows((previous) => previous.map((row, i): Row => (i !== index ? row : side === 0 ? [value, row[1]] : [row[0], value])));
    setRowErrors((previous) => {
      if (!(index in previous)) return previous;
      const next = { ...previous };
      delete next[index];
      return next;
    });
    setRefusal(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const loaded = await loadCore();
    let last = shown.length;
    while (last > 0 && !isTyped(shown[last - 1] ?? ['', ''])) last -= 1;
    // Each set: two whole numbers from 0, as a score is (centre-core's rule and message).
    const errors: Record<number, RowError> = {};
    const sets: SetScore[] = [];
    shown.slice(0, last).forEach(([team1Score, team2Score], index) => {
      const { score: read, messages } = readScore(loaded, { team1Score, team2Score }, lang);
      if (read) sets.push([read.team1Score, read.team2Score]);
      else errors[index] = { message: messages.team1Score ?? messages.team2Score ?? messages._ ?? '', side: messages.team1Score ? 1 : 2 };
    });
    setRowErrors(errors);
    const [first] = Object.entries(errors);
    if (first) {
      setRefusal(null);
      form.querySelector<HTMLInputElement>(`[name="set-${first[0]}-${first[1].side}"]`)?.focus();
      return;
    }
    if (sets.length === 0) {
      setRefusal(await coreMessage('sets_required', lang));
      return;
    }
    // The sets against the match's format (and, for a score, the merge rule: a knockout draw…).
    const whole = readScore(loaded, { sets }, lang);
    if (!whole.score) {
      setRefusal(whole.messages.sets ?? whole.messages._ ?? null);
      return;
    }
    const { team1Score, team2Score } = whole.score;
    const code =
      kind === 'correction' ? setsRefusal(loaded, match, sets, formats, lang) : await refusalOf(match, team1Score, team2Score, lang, { sets, formats });
    if (code) {
      setRefusal(await coreMessage(code, lang));
      return;
    }
    setRefusal(null);
    if (kind === 'correction') correct.mutate({ matchId: match.id, team1Score, team2Score, sets });
    else score.mutate({ match, team1Score, team2Score, sets });
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-busy={mutation.isPending}>
      <p className="text-slate-700">{matchLine(match, poolCount, t)}</p>
      <p className="text-sm font-medium text-slate-800">{t('score.format', { name: formatName(format, t) })}</p>
      <fieldset>
        <legend className="sr-only">{t('score.setsHint')}</legend>
        <div className="grid grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)] items-center gap-x-3 gap-y-3">
          <span aria-hidden="true" />
          {names.map((name, side) => (
            <span key={side} aria-hidden="true" className="truncate text-center text-sm font-semibold text-slate-800">
              {name}
            </span>
          ))}
          {shown.map((row, index) => {
            const error = rowErrors[index];
            const errorId = `${id}-set-${index}-error`;
            return (
              <Fragment key={index}>
                <span className="whitespace-nowrap text-sm font-semibold text-slate-700">{t('score.set', { n: index + 1 })}</span>
                {([0, 1] as const).map((side) => (
                  <input
                    key={side}
                    name={`set-${index}-${side + 1}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={row[side]}
                    onChange={(e) => change(index, side, e.target.value)}
                    aria-label={t('score.setPoints', { n: index + 1, team: names[side] })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    className={`block min-h-14 w-full rounded border px-2 text-center text-2xl font-bold tabular-nums ${error ? 'border-red-700' : 'border-slate-400'}`}
                  />
                ))}
                {error && (
                  <p id={errorId} role="alert" className="col-span-3 text-sm font-medium text-red-700">
                    {error.message}
                  </p>
                )}
              </Fragment>
            );
          })}
        </div>
      </fieldset>
      <p role="status" className="min-h-7 text-lg font-bold text-brand-800" data-testid="sets-summary">
        {summary(reading, match, t)}
      </p>
      <p className="text-sm text-slate-600">{t('score.setsHint')}</p>
      <Refusal message={refusal} />
      <FormActions
        rowClassName="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        onCancel={onDone}
        cancelLabel={t('score.cancel')}
        cancelClassName="min-h-12"
        size="lg"
        pending={mutation.isPending}
        disabled={!canSave}
        label={t('score.save')}
        pendingLabel={t('score.saving')}
      />
    </form>
  );
}
