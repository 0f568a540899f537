// The console's camp program form: the one setting a program has beyond the page's fixed
// texts, its waiting list's offer window. Core checks it on the server (the 422 lands on the
// field); blank is the default 48 hours.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { OfferHoursField, offerHoursValue } from '../../components/form/OfferHoursField';
import { useForm } from '../../components/form/useForm';
import { useUpdateProgram } from './mutations';
import type { Program } from './queries';

type ProgramValues = { offerHours: string };

export function ProgramSettings({ programs, name }: { programs: Program[]; name: (p: Program) => string }) {
  const { t } = useTranslation('daycamps');
  return (
    <section aria-labelledby="program-settings-title" className="mt-8">
      <h3 id="program-settings-title" className="text-lg font-semibold">
        {t('admin.programs.title')}
      </h3>
      <ul className="mt-2 space-y-4">
        {programs.map((p) => (
          <li key={p.id}>
            <ProgramSettingsForm program={p} name={name(p)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProgramSettingsForm({ program, name }: { program: Program; name: string }) {
  const { t } = useTranslation('daycamps');
  const update = useUpdateProgram({ onError: (error) => form.setServerErrors(error) });
  const initial = useMemo(() => ({ offerHours: program.offerHours != null ? String(program.offerHours) : '' }), [program.offerHours]);
  const form = useForm<ProgramValues>({
    initial,
    onSubmit: ({ offerHours }) => update.mutate({ id: program.id, offerHours: offerHoursValue(offerHours) }),
  });
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} aria-label={name} className="flex flex-wrap items-end gap-3" aria-busy={update.isPending}>
      <OfferHoursField
        {...form.field('offerHours')}
        label={t('admin.programs.offerHours', { program: name })}
        hint={t('admin.programs.offerHoursHint')}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary" disabled={update.isPending}>
        {update.isPending ? t('admin.programs.saving') : t('admin.programs.save')}
      </Button>
    </form>
  );
}
