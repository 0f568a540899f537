import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import type { AdminEvent } from '../events/queries';

/** The event selector: 'title - dd/MM/yyyy' (the day at the centre), or 'Aucun événement disponible'. */
export function EventSelect({ events, value, onChange }: { events: AdminEvent[]; value: number | null; onChange: (id: number) => void }) {
  const { t, i18n } = useTranslation('tournaments');
  const id = useId();
  if (events.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">{t('admin.noEvents')}</p>;
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t('admin.event')}
      </label>
      <select
        id={id}
        name="eventId"
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-1 block min-h-11 w-full rounded border border-slate-400 px-3 py-2 sm:max-w-xl"
      >
        {events.map((event) => (
          <option key={event.id} value={event.id}>
            {[t('admin.eventOption', { title: event.title, date: formatDate(event.startDate, i18n.language) }), event.isActive ? '' : t('admin.inactive')]
              .filter(Boolean)
              .join(' ')}
          </option>
        ))}
      </select>
    </div>
  );
}
