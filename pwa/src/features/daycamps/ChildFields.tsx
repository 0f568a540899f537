// The child's part of the day-camp form: names, birth date (the age is checked on each chosen
// week's first day, typed dd/MM/yyyy), gender, swimming, medical conditions.
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/form/Checkbox';
import { DayField } from '../../components/form/DayField';
import { Select } from '../../components/form/Select';
import { TextArea } from '../../components/form/TextArea';
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
      <div className="mt-4">
        <Checkbox
          {...form.checkbox('canSwim')}
          label={<span className="text-slate-800">{t('form.canSwim')}</span>}
          labelClassName="flex items-center gap-3"
          inputClassName="h-4 w-4"
        />
      </div>
      <div className="mt-4">
        <TextArea {...form.field('medicalConditions')} rows={3} label={t('form.medicalConditions')} hint={t('form.medicalConditionsHint')} />
      </div>
    </fieldset>
  );
}
