// The payers' part of the day-camp form, for the RL-24 (childcare expenses): one payer, or two
// sharing 50/50, each with an address and an optional social insurance number whose purpose
// and keeping are stated beside it. Left blank, no payer is named.
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/form/Checkbox';
import { Select } from '../../../components/form/Select';
import { TextField } from '../../../components/form/TextField';
import type { useForm } from '../../../components/form/useForm';
import type { Values } from '../registration';
import { PROVINCES } from './values';

type Form = ReturnType<typeof useForm<Values>>;
type TextKey = Parameters<Form['field']>[0];

function PayerRow({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation('daycamps');
  const key = (f: string) => `payers.${index}.${f}` as TextKey;
  const n = index + 1;
  return (
    <section aria-labelledby={`payer-${index}`} className="space-y-3" data-testid={`payer-${index}`}>
      <h3 id={`payer-${index}`} className="font-semibold">
        {t('payers.heading', { n })}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...form.field(key('name'))} label={t('payers.name', { n })} autoComplete="off" />
        <TextField {...form.field(key('street'))} label={t('payers.street', { n })} autoComplete="off" />
        <TextField {...form.field(key('city'))} label={t('payers.city', { n })} autoComplete="off" />
        <Select {...form.field(key('province'))} label={t('payers.province', { n })}>
          {PROVINCES.map((p) => (
            <option key={p} value={p}>
              {t(`payers.provinces.${p}`)}
            </option>
          ))}
        </Select>
        <TextField {...form.field(key('postalCode'))} label={t('payers.postalCode', { n })} hint={t('payers.postalCodeHint')} autoComplete="off" />
        <TextField
          {...form.field(key('sin'))}
          label={t('payers.sin', { n })}
          hint={t('payers.sinHint')}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
    </section>
  );
}

export function PayerFields({ form }: { form: Form }) {
  const { t } = useTranslation('daycamps');
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold">{t('payers.title')}</legend>
      <p className="text-sm text-slate-700">{t('payers.intro')}</p>
      <PayerRow form={form} index={0} />
      <Checkbox {...form.checkbox('secondPayer')} label={t('payers.second')} />
      {form.values.secondPayer && <PayerRow form={form} index={1} />}
      <p className="text-sm text-slate-700">{t('payers.sinConsent')}</p>
    </fieldset>
  );
}
