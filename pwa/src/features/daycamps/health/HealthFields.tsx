// The health form's fields (fiche santé) in the day-camp form: allergies (what, severity,
// auto-injector), medication, conditions, swimming, two emergency contacts (the first
// required), the adults who may pick the child up besides the parent, and leaving alone. Rows
// appear one at a time ('Add'); blank rows are dropped by core.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Checkbox } from '../../../components/form/Checkbox';
import { Select } from '../../../components/form/Select';
import { TextArea } from '../../../components/form/TextArea';
import { TextField } from '../../../components/form/TextField';
import type { useForm } from '../../../components/form/useForm';
import type { Values } from '../registration';
import { CONSENT_VERSION, H, MAX_ALLERGIES, MAX_CONTACTS, MAX_PICKUPS } from './values';

type Form = ReturnType<typeof useForm<Values>>;
type TextKey = Parameters<Form['field']>[0];
type FlagKey = Parameters<Form['checkbox']>[0];

function PersonRow({ form, list, index, required }: { form: Form; list: 'emergencyContacts' | 'pickups'; index: number; required: boolean }) {
  const { t } = useTranslation('daycamps');
  const key = (f: string) => `${H}${list}.${index}.${f}` as TextKey;
  const n = index + 1;
  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid={`${list}-${index}`}>
      <TextField {...form.field(key('name'))} label={t(`health.${list}.name`, { n })} required={required} autoComplete="off" />
      <TextField {...form.field(key('relation'))} label={t(`health.${list}.relation`, { n })} required={required} hint={t('health.relationHint')} autoComplete="off" />
      <TextField {...form.field(key('phone'))} label={t(`health.${list}.phone`, { n })} type="tel" required={required} autoComplete="off" />
    </div>
  );
}

/** How many rows of a list to show: at least `min`, and every row already filled. */
function filledRows(form: Form, list: string, max: number, min: number) {
  let shown = min;
  for (let i = 0; i < max; i += 1) {
    const row = Object.entries(form.values).some(([k, v]) => k.startsWith(`${H}${list}.${i}.`) && v !== '' && v !== false);
    if (row) shown = Math.max(shown, i + 1);
  }
  return shown;
}

export function HealthFields({ form }: { form: Form }) {
  const { t } = useTranslation('daycamps');
  const [allergies, setAllergies] = useState(() => filledRows(form, 'allergies', MAX_ALLERGIES, 1));
  const [pickups, setPickups] = useState(() => filledRows(form, 'pickups', MAX_PICKUPS, 1));
  const allergyKey = (i: number, f: string) => `${H}allergies.${i}.${f}` as TextKey;
  return (
    <fieldset className="space-y-5 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold">{t('health.title')}</legend>
      <p className="text-sm text-slate-700">{t('health.intro')}</p>

      <section aria-labelledby="health-allergies" className="space-y-3">
        <h3 id="health-allergies" className="font-semibold">{t('health.allergies.title')}</h3>
        {Array.from({ length: allergies }, (_, i) => (
          <div key={i} className="grid gap-3 sm:grid-cols-3" data-testid={`allergies-${i}`}>
            <TextField {...form.field(allergyKey(i, 'what'))} label={t('health.allergies.what', { n: i + 1 })} autoComplete="off" />
            <Select {...form.field(allergyKey(i, 'severity'))} label={t('health.allergies.severity', { n: i + 1 })}>
              <option value="">{t('health.allergies.severityPlaceholder')}</option>
              <option value="mild">{t('health.severity.mild')}</option>
              <option value="moderate">{t('health.severity.moderate')}</option>
              <option value="severe">{t('health.severity.severe')}</option>
            </Select>
            <Checkbox
              {...form.checkbox(`${H}allergies.${i}.epinephrine` as FlagKey)}
              label={t('health.allergies.epinephrine')}
              labelClassName="flex min-h-11 items-center gap-3 sm:mt-7"
            />
          </div>
        ))}
        {allergies < MAX_ALLERGIES && (
          <Button type="button" size="sm" onClick={() => setAllergies((n) => n + 1)}>
            {t('health.allergies.add')}
          </Button>
        )}
      </section>

      <TextArea {...form.field('healthForm.medication')} rows={2} label={t('health.medication')} hint={t('health.medicationHint')} />
      <TextArea {...form.field('healthForm.conditions')} rows={2} label={t('health.conditions')} hint={t('health.conditionsHint')} />
      <Checkbox {...form.checkbox('canSwim')} label={t('form.canSwim')} labelClassName="flex min-h-11 items-center gap-3" />

      <section aria-labelledby="health-contacts" className="space-y-3">
        <h3 id="health-contacts" className="font-semibold">{t('health.emergencyContacts.title')}</h3>
        {Array.from({ length: MAX_CONTACTS }, (_, i) => (
          <PersonRow key={i} form={form} list="emergencyContacts" index={i} required={i === 0} />
        ))}
      </section>

      <section aria-labelledby="health-pickups" className="space-y-3">
        <h3 id="health-pickups" className="font-semibold">{t('health.pickups.title')}</h3>
        <p className="text-sm text-slate-700">{t('health.pickups.hint')}</p>
        {Array.from({ length: pickups }, (_, i) => (
          <PersonRow key={i} form={form} list="pickups" index={i} required={false} />
        ))}
        {pickups < MAX_PICKUPS && (
          <Button type="button" size="sm" onClick={() => setPickups((n) => n + 1)}>
            {t('health.pickups.add')}
          </Button>
        )}
        <Checkbox
          {...form.checkbox('mayLeaveAlone')}
          label={t('health.mayLeaveAlone')}
          hint={t('health.mayLeaveAloneHint')}
          labelClassName="flex min-h-11 items-start gap-3"
        />
      </section>
    </fieldset>
  );
}

/** The photo permission: apart from the health form, optional, off unless ticked. */
export function PhotoField({ form }: { form: Form }) {
  const { t } = useTranslation('daycamps');
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold">{t('health.photo.title')}</legend>
      <Checkbox {...form.checkbox('photoPermission')} label={t('health.photo.label')} hint={t('health.photo.hint')} labelClassName="flex min-h-11 items-start gap-3" />
    </fieldset>
  );
}

/** The express consent to the health form, its purpose beside it, and the text's version. */
export function ConsentField({ form }: { form: Form }) {
  const { t } = useTranslation('daycamps');
  return (
    <fieldset className="rounded-lg border border-brand-700 bg-brand-50 p-4" data-testid="health-consent">
      <legend className="px-1 font-semibold">{t('health.consent.title')}</legend>
      <p className="text-sm text-slate-800">{t('health.consent.purpose')}</p>
      <div className="mt-3">
        <Checkbox {...form.checkbox('healthConsent')} label={t('health.consent.label')} required labelClassName="flex min-h-11 items-start gap-3" />
      </div>
      <p className="mt-2 text-xs text-slate-700">{t('health.consent.version', { version: CONSENT_VERSION })}</p>
    </fieldset>
  );
}
