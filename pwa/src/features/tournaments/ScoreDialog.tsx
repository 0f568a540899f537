// 'Saisir le score du match' (and 'Corriger le score', the same dialog): two whole-number inputs
// labelled with the team names, 'Enregistrer' disabled until both are filled. centre-core
// checks them as the server does; the server's field errors land on the same inputs. A score
// goes to this phone's outbox (online or not), once centre-core's merge rule says the server
// will take it (a knockout draw is refused here, with the server's message); a correction is
// sent at once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/form/TextField';
import { useForm, type FieldErrors } from '../../components/form/useForm';
import { coreMessage, validateScore } from '../../core';
import { formatTime } from '../../lib/format';
import { useCorrectScore, useScoreMatch } from './mutations';
import { courtOf, roundName, sideName } from '../tournament-shared/rounds';
import { refusalOf } from './sync/projection';
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
  onClose: () => void;
}

export function ScoreDialog({ eventId, match, kind, poolCount, onClose }: ScoreDialogProps) {
  const { t } = useTranslation('tournaments');
  return (
    <Dialog open={match !== null} onClose={onClose} title={kind === 'correction' ? t('score.correctTitle') : t('score.title')} closeLabel={t('close')}>
      {match && <ScoreForm key={`${match.id}-${kind}`} eventId={eventId} match={match} kind={kind} poolCount={poolCount} onDone={onClose} />}
    </Dialog>
  );
}

type ScoreValues = { team1Score: string; team2Score: string };

function ScoreForm({ eventId, match, kind, poolCount, onDone }: { eventId: number; match: Match; kind: ScoreKind; poolCount: number; onDone: () => void }) {
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
    const code = await refusalOf(match, team1Score, team2Score, i18n.language);
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
  const court = courtOf(match);
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
      <p className="text-slate-700">
        {[roundName(match, poolCount, t), match.scheduledTime ? formatTime(match.scheduledTime) : null, court !== null ? t('schedule.court', { n: court }) : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="grid grid-cols-2 gap-4">
        {input('team1Score', 1)}
        {input('team2Score', 2)}
      </div>
      <p className="text-sm text-slate-600">{t('score.hint')}</p>
      {refusal && (
        <p role="alert" className="rounded bg-red-50 p-3 font-medium text-red-800">
          {refusal}
        </p>
      )}
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
