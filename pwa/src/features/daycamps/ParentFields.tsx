// The parent's part of the day-camp form: name, e-mail and phone (filled from the account when
// signed in). The emergency contacts are in the health form.
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/TextField';
import type { useForm } from '../../components/form/useForm';
import type { Values } from './registration';

export function ParentFields({ form }: { form: ReturnType<typeof useForm<Values>> }) {
  const { t } = useTranslation('daycamps');
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold">{t('form.parent')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('parentName')} label={t('form.parentName')} required autoComplete="name" />
        <TextField {...form.field('parentEmail')} label={t('form.parentEmail')} type="email" required autoComplete="email" />
        <TextField {...form.field('parentPhone')} label={t('form.parentPhone')} type="tel" required autoComplete="tel" />
      </div>
    </fieldset>
  );
}
