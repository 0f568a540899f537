// A score set by set, checked against the match's format by centre-core.
import { Fragment, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { coreMessage, loadCore, readScore, type CoreModule, type SetScore } from '../../../core';
import { useCore } from '../../../core/useCore';
import { formatName, setsOfScore, type Formats, type MatchFormat, type SetsFormat } from '../format';
import { sideName, type Translate } from '../rounds';
import { setsRefusal } from '../scoreCheck';
import type { Match } from '../types';
import { Refusal, ScoreActions, matchLine, type FormProps } from './parts';
/** One set as typed: team 1's points, team 2's. */
type Row = [string, string];

const isTyped = (row: Row) => row[0].trim() !== '' || row[1].trim() !== '';
const isFilled = (row: Row) => row[0].trim() !== '' && row[1].trim() !== '';

/** As many rows as the format has sets; a correction starts from the match's sets. */
function initialRows(match: Match, prefill: boolean, count: number): Row[] {
  const sets = prefill ? setsOfScore(match) : [];
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

export function SetsForm({ match, prefill, poolCount, format, sets: setsFormat, formats, useSave, onDone }: FormProps & { format: MatchFormat; sets: SetsFormat }) {
  const { t, i18n } = useTranslation('tournaments');
  const lang = i18n.language;
  const id = useId();
  const core = useCore();
  const [rows, setRows] = useState<Row[]>(() => initialRows(match, prefill, setsFormat.sets));
  const [rowErrors, setRowErrors] = useState<Record<number, RowError>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSave({
    onSuccess: onDone,
    // What the server refuses (a correction, a report): its message for the sets (or a score) shows here.
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.fieldErrors) setRefusal(error.fieldErrors.sets ?? Object.values(error.fieldErrors)[0] ?? null);
    },
  });

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
    const code = save.check ? await save.check({ team1Score, team2Score, sets }) : null;
    if (code) {
      setRefusal(await coreMessage(code, lang));
      return;
    }
    setRefusal(null);
    save.send({ team1Score, team2Score, sets });
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-busy={save.pending}>
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
      <ScoreActions pending={save.pending} disabled={!canSave} onCancel={onDone} />
    </form>
  );
}

