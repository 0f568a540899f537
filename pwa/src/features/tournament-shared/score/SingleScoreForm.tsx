// One pair of whole numbers: the two teams' scores (the `single` format).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/TextField';
import { useForm, type FieldErrors } from '../../../components/form/useForm';
import { coreMessage, validateScore } from '../../../core';
import { sideName } from '../rounds';
import { Refusal, ScoreActions, matchLine, type FormProps } from './parts';
type ScoreValues = { team1Score: string; team2Score: string };

export function ScoreForm({ match, prefill, poolCount, useSave, onDone }: FormProps) {
  const { t, i18n } = useTranslation('tournaments');
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSave({ onSuccess: onDone, onError: (error: unknown) => form.setServerErrors(error) });
  const submit = async (values: ScoreValues) => {
    const score = { team1Score: Number(values.team1Score), team2Score: Number(values.team2Score) };
    const code = save.check ? await save.check(score) : null;
    setRefusal(code ? await coreMessage(code, i18n.language) : null);
    if (!code) save.send(score);
  };
  const form = useForm<ScoreValues>({
    initial: {
      team1Score: prefill && match.team1Score !== null ? String(match.team1Score) : '',
      team2Score: prefill && match.team2Score !== null ? String(match.team2Score) : '',
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
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="space-y-5" aria-busy={save.pending}>
      <p className="text-slate-700">{matchLine(match, poolCount, t)}</p>
      <div className="grid grid-cols-2 gap-4">
        {input('team1Score', 1)}
        {input('team2Score', 2)}
      </div>
      <p className="text-sm text-slate-600">{t('score.hint')}</p>
      <Refusal message={refusal} />
      <ScoreActions pending={save.pending} disabled={!filled} onCancel={onDone} />
    </form>
  );
}

