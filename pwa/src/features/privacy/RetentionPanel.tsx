// The console's retention periods (how long children's health forms and the accounting records
// are kept) and what the server's scheduled work will erase or anonymise, day by day. The server
// checks the periods (core, at least the tax law's six years) and its 422 lands on the fields.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/form/FormActions';
import { TextField } from '../../components/form/TextField';
import { useForm } from '../../components/form/useForm';
import { centreToday } from '../../lib/dates';
import { formatDay } from '../../lib/format';
import { useSaveRetention } from './mutations';
import { useRetention } from './queries';

const EMPTY = { healthMonths: '', recordsYears: '' };

export function RetentionPanel() {
  const { t, i18n } = useTranslation('privacy');
  const retention = useRetention();
  const save = useSaveRetention();
  const form = useForm({
    initial: EMPTY,
    onSubmit: (values) => save.mutateAsync(values).then(() => undefined, (error: unknown) => void form.setServerErrors(error)),
  });
  const { reset } = form;
  const policy = retention.data;
  useEffect(() => {
    if (policy) reset({ healthMonths: String(policy.healthMonths), recordsYears: String(policy.recordsYears) });
  }, [policy, reset]);
  const today = centreToday();
  const upcoming = policy?.upcoming ?? [];
  return (
    <section aria-labelledby="console-retention" className="space-y-3">
      <h2 id="console-retention" className="text-xl font-semibold">
        {t('console.retention.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('console.retention.hint')}</p>
      <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('console.retention.healthMonths')} required inputMode="numeric" autoComplete="off" {...form.field('healthMonths')} />
        <TextField label={t('console.retention.recordsYears')} required inputMode="numeric" autoComplete="off" {...form.field('recordsYears')} />
        <div className="sm:col-span-2">
          <SubmitButton label={t('console.retention.save')} pending={save.isPending} />
        </div>
      </form>
      <h3 className="pt-2 text-lg font-semibold">{t('console.retention.upcoming')}</h3>
      {policy && policy.ownerlessEmails > 0 ? (
        <p className="text-sm text-slate-700" data-testid="retention-ownerless">
          {t('console.retention.ownerless', { count: policy.ownerlessEmails })}
        </p>
      ) : null}
      {upcoming.length === 0 ? (
        <p className="text-slate-700">{t('console.retention.empty')}</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="retention-upcoming">
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-3">{t('console.retention.day')}</th>
              <th scope="col" className="py-2 pr-3">{t('console.retention.what')}</th>
              <th scope="col" className="py-2 text-right">{t('console.retention.count')}</th>
            </tr>
          </thead>
          <tbody>
            {upcoming.map((due) => (
              <tr key={`${due.dueOn}-${due.kind}`} className="border-b border-slate-200">
                <td className="py-2 pr-3">
                  {due.dueOn <= today ? t('console.retention.overdue') : formatDay(due.dueOn, i18n.language)}
                </td>
                <td className="py-2 pr-3">{t(`console.retention.kind.${due.kind}`)}</td>
                <td className="py-2 text-right tabular-nums">{due.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
