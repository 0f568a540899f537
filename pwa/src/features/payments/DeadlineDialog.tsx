// 'Date limite de paiement': sets the payment deadline of a paid event or of a camp program,
// as days after registration, a date (paid by the end of that day at the centre), or both (the
// earlier counts); both empty removes it. The server checks the values (1 to 365 days, a real
// date) and its messages land on the fields. Choosing an event or a program fills in its
// current deadline.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { Select } from '../../components/form/Select';
import { DayField } from '../../components/form/DayField';
import { TextField } from '../../components/form/TextField';
import { useForm } from '../../components/form/useForm';
import { formatDate } from '../../lib/format';
import { eventTitle } from '../events/model';
import { usePrograms } from '../daycamps/queries';
import { useAdminEvents } from '../events/queries';
import { useSetPaymentDeadline, type DeadlineTarget } from './mutations';
import { usePaymentDeadlines } from './queries';
import { FormActions } from '../../components/form/FormActions';

type Values = { target: string; days: string; date: string };

/** 'event:12' or 'program:explorateurs', the select's values. */
function parseTarget(value: string): DeadlineTarget | null {
  const [kind, id = ''] = value.split(/:(.*)/s);
  if (kind === 'event' && /^\d+$/.test(id)) return { kind: 'event', id: Number(id) };
  if (kind === 'program' && id) return { kind: 'program', id };
  return null;
}

export function DeadlineDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  return (
    <Dialog open={open} onClose={onClose} title={t('deadline.title')} closeLabel={t('deadline.close')}>
      <DeadlineForm onDone={onClose} />
    </Dialog>
  );
}

function DeadlineForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'payments' });
  const { t: tc } = useTranslation('daycamps');
  const events = useAdminEvents();
  const programs = usePrograms();
  const deadlines = usePaymentDeadlines();
  const paidEvents = useMemo(() => (events.data ?? []).filter((e) => e.price > 0), [events.data]);
  const save = useSetPaymentDeadline({ onSuccess: onDone, onError: (error) => form.setServerErrors(error) });
  const form = useForm<Values>({
    initial: { target: '', days: '', date: '' },
    validate: (v) => ({
      ...(parseTarget(v.target) ? {} : { target: t('deadline.targetRequired') }),
      ...(v.days.trim() === '' || /^\d+$/.test(v.days.trim()) ? {} : { days: t('deadline.daysNumber') }),
    }),
    onSubmit: (v) => {
      const target = parseTarget(v.target);
      if (!target) return;
      save.mutate({ target, days: v.days.trim() === '' ? null : Number(v.days.trim()), date: v.date.trim() || null });
    },
  });
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="space-y-4" aria-busy={save.isPending}>
      <p className="text-sm text-slate-700">{t('deadline.intro')}</p>
      <Select
        {...form.field('target')}
        label={t('deadline.target')}
        required
        onValueChange={(value) => {
          form.setValue('target', value);
          const target = parseTarget(value);
          const set = target
            ? (target.kind === 'event' ? deadlines.data?.events : deadlines.data?.programs)?.find(
                (d) => d.id === String(target.id),
              )
            : undefined;
          form.setValue('days', set?.days == null ? '' : String(set.days));
          form.setValue('date', set?.date ?? '');
        }}
        selectClassName="min-h-11"
      >
        <option value="">{t('deadline.choose')}</option>
        <optgroup label={t('deadline.events')}>
          {paidEvents.map((e) => (
            <option key={e.id} value={`event:${e.id}`}>
              {t('deadline.eventOption', { title: eventTitle(e, i18n.language), date: formatDate(e.startDate, i18n.language) })}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('deadline.programs')}>
          {(programs.data ?? []).map((p) => (
            <option key={p.id} value={`program:${p.id}`}>
              {tc(`programs.${p.id}.name`, { defaultValue: p.name })}
            </option>
          ))}
        </optgroup>
      </Select>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...form.field('days')}
          type="number"
          min={1}
          max={365}
          step={1}
          inputMode="numeric"
          label={t('deadline.days')}
          inputClassName="min-h-11"
        />
        <DayField
          {...form.field('date')}
          label={t('deadline.date')}
          inputClassName="min-h-11"
        />
      </div>
      <FormActions
        onCancel={onDone}
        cancelLabel={t('deadline.cancel')}
        pending={save.isPending}
        label={t('deadline.save')}
        pendingLabel={t('deadline.saving')}
      />
    </form>
  );
}
