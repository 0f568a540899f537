// A registration's RL-24 payers, as its parent sees them from /my-registrations: changed until
// 31 January after the camp; a stored social insurance number is shown masked and kept when its
// field is left blank; 'Remove the numbers' erases them.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/form/FormActions';
import { useForm } from '../../../components/form/useForm';
import { QueryStatus } from '../../../components/QueryStatus';
import { formatDay } from '../../../lib/format';
import { EMPTY, type Values } from '../registration';
import { PayerFields } from './PayerFields';
import { useMyPayers, useSavePayers, type MyPayers } from './queries';
import { payersOf } from './values';

export function MyPayersButton({ id, child }: { id: number; child: string }) {
  const { t } = useTranslation('daycamps');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" size="sm" className="mt-3" onClick={() => setOpen(true)}>
        {t('payers.mine.open')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} title={t('payers.mine.title', { child })} closeLabel={t('payers.mine.close')}>
          <Content id={id} onDone={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}

function Content({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation('daycamps');
  const query = useMyPayers(id, true);
  return (
    <QueryStatus query={query} error={t('payers.mine.loadError')} isEmpty={() => false}>
      {(data) => <Loaded id={id} data={data} onDone={onDone} />}
    </QueryStatus>
  );
}

/** The stored payers as the form's flat values (numbers blank: kept unless retyped). */
function valuesOf(data: MyPayers): Values {
  const values: Record<string, string | boolean> = { ...EMPTY, secondPayer: data.payers.length > 1 };
  data.payers.forEach((p, i) => {
    values[`payers.${i}.name`] = p.name;
    values[`payers.${i}.street`] = p.street ?? '';
    values[`payers.${i}.city`] = p.city ?? '';
    values[`payers.${i}.province`] = p.province ?? 'QC';
    values[`payers.${i}.postalCode`] = p.postalCode ?? '';
  });
  return values as Values;
}

function Loaded({ id, data, onDone }: { id: number; data: MyPayers; onDone: () => void }) {
  const { t, i18n } = useTranslation('daycamps');
  const save = useSavePayers(id, { onSuccess: onDone, onError: (error) => form.setServerErrors(error) });
  const form = useForm<Values>({
    initial: valuesOf(data),
    validate: () => ({}),
    onSubmit: (values) => save.mutate({ payers: payersOf(values) }),
  });
  const stored = data.payers.filter((p) => p.sinMasked);
  return (
    <div className="space-y-4">
      {stored.map((p) => (
        <p key={p.name} className="text-sm text-slate-700" data-testid="stored-sin">
          {t('payers.mine.stored', { name: p.name, sin: p.sinMasked })}
        </p>
      ))}
      {data.editable ? (
        <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="space-y-4">
          <PayerFields form={form} />
          {data.editableUntil && <p className="text-sm text-slate-700">{t('payers.mine.until', { date: formatDay(data.editableUntil, i18n.language) })}</p>}
          <FormActions rowClassName="flex justify-end" pending={save.isPending} label={t('payers.mine.save')} pendingLabel={t('payers.mine.saving')} />
        </form>
      ) : (
        <p className="rounded bg-slate-100 p-3 text-slate-800">{t('payers.mine.locked')}</p>
      )}
      {stored.length > 0 && data.editable && (
        <div className="border-t border-slate-200 pt-4">
          <Button
            type="button"
            variant="danger"
            disabled={save.isPending}
            onClick={() => {
              if (window.confirm(t('payers.mine.forgetConfirm'))) save.mutate({ payers: payersOf(form.values), forgetSins: true });
            }}
          >
            {t('payers.mine.forget')}
          </Button>
        </div>
      )}
    </div>
  );
}
