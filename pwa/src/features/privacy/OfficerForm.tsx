// The console's form for the person in charge of protecting personal information, as the
// privacy page publishes them. The server checks every field (core) and its 422 lands on them.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/form/FormActions';
import { TextField } from '../../components/form/TextField';
import { useForm } from '../../components/form/useForm';
import { useSaveOfficer } from './mutations';
import { usePrivacyOfficer } from './queries';

const EMPTY = { name: '', title: '', email: '', phone: '' };

export function OfficerForm() {
  const { t } = useTranslation('privacy');
  const officer = usePrivacyOfficer();
  const save = useSaveOfficer();
  const form = useForm({
    initial: EMPTY,
    onSubmit: (values) => save.mutateAsync(values).then(() => undefined, (error: unknown) => void form.setServerErrors(error)),
  });
  const { reset } = form;
  useEffect(() => {
    if (officer.data) reset({ name: officer.data.name, title: officer.data.title, email: officer.data.email, phone: officer.data.phone });
  }, [officer.data, reset]);
  return (
    <section aria-labelledby="console-officer" className="space-y-3">
      <h2 id="console-officer" className="text-xl font-semibold">
        {t('console.officer.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('console.officer.hint')}</p>
      <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('console.officer.name')} required autoComplete="off" {...form.field('name')} />
        <TextField label={t('console.officer.role')} required autoComplete="off" {...form.field('title')} />
        <TextField label={t('console.officer.email')} required type="email" autoComplete="off" {...form.field('email')} />
        <TextField label={t('console.officer.phone')} required type="tel" autoComplete="off" {...form.field('phone')} />
        <div className="sm:col-span-2">
          <SubmitButton label={t('console.officer.save')} pending={save.isPending} />
        </div>
      </form>
    </section>
  );
}
