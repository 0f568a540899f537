// What both score forms share: who and what is scored, the refusal, the save row.
import { useTranslation } from 'react-i18next';
import type { Formats } from '../../tournament-shared/format';
import { formatTime } from '../../../lib/format';
import { courtOf, roundName, type Translate } from '../../tournament-shared/rounds';
import type { Match } from '../../tournament-shared/types';
import { FormActions } from '../../../components/form/FormActions';
import type { Schemas } from '../../../api/types';

/** What the dialog enters: a score or a correction (a forfeit is not entered here). */
export type ScoreKind = Exclude<Schemas['ScoreKind'], 'forfeit'>;

export interface FormProps {
  eventId: number;
  match: Match;
  kind: ScoreKind;
  poolCount: number;
  formats: Formats;
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
