import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { centre } from '../../config';
import { Dialog } from '../../components/Dialog';
import { Checkbox } from '../../components/form/Checkbox';
import { Select } from '../../components/form/Select';
import { TextArea } from '../../components/form/TextArea';
import { TextField } from '../../components/form/TextField';
import { OfferHoursField, offerHoursValue } from '../../components/form/OfferHoursField';
import { useForm, type FieldErrors } from '../../components/form/useForm';
import { validateEvent } from '../../core';
import { fromCentreInput, toCentreInput } from '../../lib/dates';
import { useCreateEvent, useUpdateEvent, type EventInput } from './mutations';
import { EVENT_CATEGORIES, type Event } from './queries';
import { FormActions } from '../../components/form/FormActions';

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
  /** Hours a waiting-list offer holds a place; blank = the default (48 h). */
  offerHours: string;
  isActive: boolean;
  /** 'À la une': the member home's promo card (one event at a time). */
  featured: boolean;
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
    offerHours: event?.offerHours != null ? String(event.offerHours) : '',
    isActive: event?.isActive ?? true,
    featured: event?.featured ?? false,
  };
}

/** What is sent: maxParticipants an integer or null, offerHours as offerHoursValue reads it, endDate null when
 * empty, requiresPayment false; dates as UTC instants; featured as checked (the server unmarks
 * the event featured until then). */
function toInput(values: EventValues, editing: boolean): EventInput {
  const max = values.maxParticipants.trim();
  const price = values.price.trim().replace(',', '.');
  return {
    title: values.title,
    titleEn: values.titleEn,
    description: values.description,
    descriptionEn: values.descriptionEn,
    categoryId: EVENT_CATEGORIES.find((c) => c === values.categoryId) ?? null,
    location: values.location,
    startDate: fromCentreInput(values.startDate),
    endDate: values.endDate.trim() ? fromCentreInput(values.endDate) : null,
    price: price === '' ? 0 : Number(price),
    maxParticipants: max === '' ? null : Number.isInteger(Number(max)) ? Number(max) : Number.NaN,
    offerHours: offerHoursValue(values.offerHours),
    requiresPayment: false,
    featured: values.featured,
    ...(editing ? { isActive: values.isActive } : {}),
  };
}

/** 'Nouvel événement' (event = null) or the edit dialog (with the Actif/Inactif switch); both
 * with the 'À la une' box. */
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
      const checked = { ...input, price: values.price, maxParticipants: values.maxParticipants, offerHours: values.offerHours };
      return (await validateEvent(checked, i18n.language)) as FieldErrors<EventValues>;
    },
    onSubmit: (values) => {
      const input = toInput(values, event !== null);
      if (event) update.mutate({ id: event.id, ...input });
      else create.mutate(input);
    },
  });
  const text = (name: 'title' | 'titleEn' | 'location', label: string, required = false) => (
    <TextField {...form.field(name)} label={label} required={required} />
  );
  const area = (name: 'description' | 'descriptionEn', label: string, required = false) => (
    <TextArea {...form.field(name)} label={label} required={required} />
  );

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="space-y-4" aria-busy={pending}>
      {text('title', t('admin.form.title'), true)}
      {text('titleEn', t('admin.form.titleEn'))}
      {area('description', t('admin.form.description'), true)}
      {area('descriptionEn', t('admin.form.descriptionEn'))}
      <Select {...form.field('categoryId')} label={t('admin.form.category')}>
        <option value="">{t('admin.form.noCategory')}</option>
        {EVENT_CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {t(`page.categories.${value}`)}
          </option>
        ))}
      </Select>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('startDate')} type="datetime-local" label={t('admin.form.startDate')} required />
        <TextField {...form.field('endDate')} type="datetime-local" label={t('admin.form.endDate')} />
      </div>
      {text('location', t('admin.form.location'), true)}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...form.field('price')}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          label={t('admin.form.price')}
        />
        <TextField
          {...form.field('maxParticipants')}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          label={t('admin.form.maxParticipants')}
        />
      </div>
      <OfferHoursField
        {...form.field('offerHours')}
        label={t('admin.form.offerHours')}
        hint={t('admin.form.offerHoursHint')}
      />
      <Checkbox {...form.checkbox('featured')} label={<span className="font-medium">{t('admin.form.featured')}</span>} hint={t('admin.form.featuredHint')} />
      {event && (
        <Checkbox
          {...form.checkbox('isActive')}
          role="switch"
          labelClassName="flex items-center gap-3"
          inputClassName="h-5 w-5"
          label={<span className="font-medium">{t('admin.form.status', { value: form.values.isActive ? t('admin.active') : t('admin.inactive') })}</span>}
        />
      )}
      <FormActions
        onCancel={onDone}
        cancelLabel={t('admin.form.cancel')}
        pending={pending}
        label={event ? t('admin.form.save') : t('admin.form.create')}
        pendingLabel={t('admin.form.saving')}
      />
    </form>
  );
}
