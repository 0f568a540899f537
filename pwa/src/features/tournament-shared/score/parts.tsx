// What both score forms share: who and what is scored, how it is saved, the refusal, the save
// row. The forms serve the console (a score through the phone's outbox, a correction) and a
// captain's report alike: the caller says how a checked score is saved.
import { useTranslation } from 'react-i18next';
import type { SetScore } from '../../../core';
import type { Formats } from '../format';
import { formatTime } from '../../../lib/format';
import { courtOf, roundName, type Translate } from '../rounds';
import type { Match } from '../types';
import { FormActions } from '../../../components/form/FormActions';

/** A score as a form hands it over: with sets where the phase has them (the numbers then the sets won). */
export interface EnteredScore {
  team1Score: number;
  team2Score: number;
  sets?: SetScore[];
}

/** How a form saves a score it checked. */
export interface ScoreSave {
  pending: boolean;
  /** centre-core's refusal code for this score, asked before sending; none: the server decides. */
  check?: (score: EnteredScore) => Promise<string | null>;
  send: (score: EnteredScore) => void;
}

/** Builds the save with the form's answers: a success closes it, an error shows in it. */
export type UseScoreSave = (handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => ScoreSave;

export interface FormProps {
  match: Match;
  /** Starts from the match's score (a correction). */
  prefill: boolean;
  poolCount: number;
  formats: Formats;
  useSave: UseScoreSave;
  onDone: () => void;
}

/** 'Poule A - Ronde 2 · 10:30 · Terrain 1'. */
export function matchLine(match: Match, poolCount: number, t: Translate): string {
  const court = courtOf(match);
  return [roundName(match, poolCount, t), match.scheduledTime ? formatTime(match.scheduledTime) : null, court !== null ? t('schedule.court', { n: court }) : null]
    .filter(Boolean)
    .join(' · ');
}

export function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded bg-red-50 p-3 font-medium text-red-800">
      {message}
    </p>
  );
}

/** The dialog's 'Annuler' and 'Enregistrer' row, large for a thumb at the courts. */
export function ScoreActions({ pending, disabled, onCancel }: { pending: boolean; disabled: boolean; onCancel: () => void }) {
  const { t } = useTranslation('tournaments');
  return (
    <FormActions
      rowClassName="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
      onCancel={onCancel}
      cancelLabel={t('score.cancel')}
      cancelClassName="min-h-12"
      size="lg"
      pending={pending}
      disabled={disabled}
      label={t('score.save')}
      pendingLabel={t('score.saving')}
    />
  );
}
