// The child's part of the day-camp form: names, birth date (the age is checked on each chosen
// week's first day, typed dd/MM/yyyy) and gender; the health form is apart (health/).
import { useTranslation } from 'react-i18next';
import { DayField } from '../../components/form/DayField';
import { Select } from '../../components/form/Select';
import { TextField } from '../../components/form/TextField';
import type { useForm } from '../../components/form/useForm';
import type { Values } from './registration';

export function ChildFields({ form }: { form: ReturnType<typeof useForm<Values>> }) {
  const { t } = useTranslation('daycamps');
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold">{t('form.child')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('childFirstName')} label={t('form.childFirstName')} required autoComplete="off" />
        <TextField {...form.field('childLastName')} label={t('form.childLastName')} required autoComplete="off" />
        <DayField
          {...form.field('childBirthDate')}
          label={t('form.childBirthDate')}
          required
          hint={t('form.childBirthDateHint')}
          autoComplete="off"
        />
        <Select {...form.field('childGender')} label={t('form.childGender')}>
          <option value="">{t('form.gender.unspecified')}</option>
          <option value="girl">{t('form.gender.girl')}</option>
          <option value="boy">{t('form.gender.boy')}</option>
          <option value="other">{t('form.gender.other')}</option>
        </Select>
      </div>
    </fieldset>
  );
}
