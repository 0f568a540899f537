import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { centre } from '../../config';
import { Dialog } from '../../components/Dialog';
import { TextArea } from '../../components/form/TextArea';
import { TextField } from '../../components/form/TextField';
import { useForm, type FieldErrors } from '../../components/form/useForm';
import { validateEvent } from '../../core';
import { fromCentreInput, toCentreInput } from '../../lib/dateInput';
import { useCreateEvent, useUpdateEvent, type EventInput } from './mutations';
import { EVENT_CATEGORIES, type Event } from './queries';

type EventValues = {
  title: string;
  titleEn: string;
  description: string;
  descriptionEn: string;
  categoryId: string;
  location: string;
  /** datetime-local values: the centre's wall clock. */
  startDate: string;
  endDate: string;
  price: string;
  maxParticipants: string;
  isActive: boolean;
};

function initialValues(event: Event | null): EventValues {
  return {
    title: event?.title ?? '',
    titleEn: event?.titleEn ?? '',
    description: event?.description ?? '',
    descriptionEn: event?.descriptionEn ?? '',
    categoryId: event?.categoryId ?? '',
    location: event?.location ?? centre.defaultEventLocation,
    startDate: toCentreInput(event?.startDate),
    endDate: toCentreInput(event?.endDate),
    price: event ? String(event.price) : '0',
    maxParticipants: event?.maxParticipants != null ? String(event.maxParticipants) : '',
    isActive: event?.isActive ?? true,
  };
}

/** What is sent (spec section 5): maxParticipants an integer or null, endDate null when
 * empty, requiresPayment false; dates as UTC instants. */
function toInput(values: EventValues, editing: boolean): EventInput {
  const max = values.maxParticipants.trim();
  const price = values.price.trim().replace(',', '.');
  return {
    title: values.title,
    titleEn: values.titleEn,
    description: values.description,
    descriptionEn: values.descriptionEn,
    categoryId: values.categoryId || null,
    location: values.location,
    startDate: fromCentreInput(values.startDate),
    endDate: values.endDate.trim() ? fromCentreInput(values.endDate) : null,
    price: price === '' ? 0 : Number(price),
    maxParticipants: max === '' ? null : Number.isInteger(Number(max)) ? Number(max) : Number.NaN,
    requiresPayment: false,
    ...(editing ? { isActive: values.isActive } : {}),
  };
}

/** 'Nouvel événement' (event = null) or the edit dialog (with the Actif/Inactif switch). */
export function EventFormDialog({ open, event, onClose }: { open: boolean; event: Event | null; onClose: () => void }) {
  const { t } = useTranslation('events');
  return (
    <Dialog open={open} onClose={onClose} title={event ? t('admin.form.editTitle') : t('admin.form.createTitle')} closeLabel={t('close')}>
      <EventForm event={event} onDone={onClose} />
    </Dialog>
  );
}

function EventForm({ event, onDone }: { event: Event | null; onDone: () => void }) {
  const { t, i18n } = useTranslation('events');
  const initial = useMemo(() => initialValues(event), [event]);
  const handlers = { onSuccess: onDone, onError: (error: unknown) => form.setServerErrors(error) };
  const create = useCreateEvent(handlers);
  const update = useUpdateEvent(handlers);
  const pending = create.isPending || update.isPending;
  const form = useForm<EventValues>({
    initial,
    validate: async (values) => {
      const input = toInput(values, false);
      // The raw text of numbers, so core reports "abc" or "1.5" as the server would.
      const checked = { ...input, price: values.price, maxParticipants: values.maxParticipants };
      return (await validateEvent(checked, i18n.language)) as FieldErrors<EventValues>;
    },
    onSubmit: (values) => {
      const input = toInput(values, event !== null);
      if (event) update.mutate({ id: event.id, ...input });
      else create.mutate(input);
    },
  });
  const categoryId = useId();
  const text = (name: 'title' | 'titleEn' | 'location', label: string, required = false) => (
    <TextField
      name={name}
      label={label}
      required={required}
      value={form.values[name]}
      onValueChange={(v) => form.setValue(name, v)}
      error={form.errors[name]}
    />
  );
  const area = (name: 'description' | 'descriptionEn', label: string, required = false) => (
    <TextArea name={name} label={label} required={required} value={form.values[name]} onValueChange={(v) => form.setValue(name, v)} error={form.errors[name]} />
  );

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="space-y-4" aria-busy={pending}>
      {text('title', t('admin.form.title'), true)}
      {text('titleEn', t('admin.form.titleEn'))}
      {area('description', t('admin.form.description'), true)}
      {area('descriptionEn', t('admin.form.descriptionEn'))}
      <div>
        <label htmlFor={categoryId} className="block text-sm font-medium text-slate-800">
          {t('admin.form.category')}
        </label>
        <select
          id={categoryId}
          name="categoryId"
          value={form.values.categoryId}
          onChange={(e) => form.setValue('categoryId', e.target.value)}
          className="mt-1 block w-full rounded border border-slate-400 px-3 py-2"
        >
          <option value="">{t('admin.form.noCategory')}</option>
          {EVENT_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {t(`page.categories.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="startDate"
          type="datetime-local"
          label={t('admin.form.startDate')}
          required
          value={form.values.startDate}
          onValueChange={(v) => form.setValue('startDate', v)}
          error={form.errors.startDate}
        />
        <TextField
          name="endDate"
          type="datetime-local"
          label={t('admin.form.endDate')}
          value={form.values.endDate}
          onValueChange={(v) => form.setValue('endDate', v)}
          error={form.errors.endDate}
        />
      </div>
      {text('location', t('admin.form.location'), true)}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="price"
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          label={t('admin.form.price')}
          value={form.values.price}
          onValueChange={(v) => form.setValue('price', v)}
          error={form.errors.price}
        />
        <TextField
          name="maxParticipants"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          label={t('admin.form.maxParticipants')}
          value={form.values.maxParticipants}
          onValueChange={(v) => form.setValue('maxParticipants', v)}
          error={form.errors.maxParticipants}
        />
      </div>
      {event && (
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            name="isActive"
            checked={form.values.isActive}
            onChange={(e) => form.setValue('isActive', e.target.checked)}
            className="h-5 w-5"
          />
          <span className="font-medium">
            {t('admin.form.status', { value: form.values.isActive ? t('admin.active') : t('admin.inactive') })}
          </span>
        </label>
      )}
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onDone} className="rounded border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-100">
          {t('admin.form.cancel')}
        </button>
        <button
          type="submit"
          disabled={pending}
          className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:bg-slate-500"
        >
          {pending ? t('admin.form.saving') : event ? t('admin.form.save') : t('admin.form.create')}
        </button>
      </div>
    </form>
  );
}
