// A registration's health form, as its parent sees it from /my-registrations: changed until the
// week starts (the consent given again with each change), and the consent withdrawn at any
// time after a confirmation that says what it means (the form is erased; a child without one
// cannot attend until it is filled in again or the centre has called).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/form/FormActions';
import { useForm } from '../../../components/form/useForm';
import { QueryStatus } from '../../../components/QueryStatus';
import { validateHealthFormUpdate } from '../../../core';
import { formatDate } from '../../../lib/format';
import { EMPTY, type Values } from '../registration';
import { ConsentField, HealthFields, PhotoField } from './HealthFields';
import { useMyHealthForm, useSaveHealthForm, useWithdrawHealthConsent, type MyHealthForm } from './queries';
import { consentOf, healthFormOf, healthValuesOf } from './values';

export function MyHealthFormButton({ id, child }: { id: number; child: string }) {
  const { t } = useTranslation('daycamps');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" size="sm" className="mt-3" onClick={() => setOpen(true)}>
        {t('health.mine.open')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} title={t('health.mine.title', { child })} closeLabel={t('health.mine.close')}>
          <Content id={id} onDone={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}

function Content({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation('daycamps');
  const query = useMyHealthForm(id, true);
  return (
    <QueryStatus query={query} error={t('health.mine.loadError')} isEmpty={() => false}>
      {/* A new consent state (withdrawn, given again) starts the form from what is stored. */}
      {(data) => <Loaded key={`${data.consent?.action}-${data.consent?.at}`} id={id} data={data} onDone={onDone} />}
    </QueryStatus>
  );
}

function Loaded({ id, data, onDone }: { id: number; data: MyHealthForm; onDone: () => void }) {
  const { t, i18n } = useTranslation('daycamps');
  const withdraw = useWithdrawHealthConsent(id);
  const save = useSaveHealthForm(id, { onSuccess: onDone, onError: (error) => form.setServerErrors(error) });
  const toBody = (values: Values) => ({ healthForm: healthFormOf(values), ...consentOf(values) });
  const form = useForm<Values>({
    initial: { ...EMPTY, ...healthValuesOf(data.healthForm) },
    // core-wasm, with the server's rules and messages, before anything is sent.
    validate: (values) => validateHealthFormUpdate(toBody(values), i18n.language),
    onSubmit: (values) => save.mutate(toBody(values)),
  });
  const consent = data.consent;
  const inForce = consent?.action === 'given';
  return (
    <div className="space-y-4">
      {consent && (
        <p className="text-sm text-slate-700" data-testid="health-consent-state">
          {t(inForce ? 'health.mine.consentGiven' : 'health.mine.consentWithdrawn', {
            date: formatDate(consent.at, i18n.language),
            version: consent.version,
          })}
        </p>
      )}
      {data.editable ? (
        <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="space-y-4">
          <HealthFields form={form} />
          <PhotoField form={form} />
          <ConsentField form={form} />
          <FormActions rowClassName="flex justify-end" pending={save.isPending} label={t('health.mine.save')} pendingLabel={t('health.mine.saving')} />
        </form>
      ) : (
        <p className="rounded bg-slate-100 p-3 text-slate-800">{t('health.mine.locked')}</p>
      )}
      {inForce && (
        <div className="border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-700">{t('health.withdraw.explain')}</p>
          <Button
            type="button"
            variant="danger"
            className="mt-2"
            disabled={withdraw.isPending}
            onClick={() => {
              if (window.confirm(t('health.withdraw.confirm'))) withdraw.mutate();
            }}
          >
            {t('health.withdraw.button')}
          </Button>
        </div>
      )}
    </div>
  );
}
