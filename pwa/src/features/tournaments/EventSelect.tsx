import { useTranslation } from 'react-i18next';
import { Select } from '../../components/form/Select';
import { formatDate } from '../../lib/format';
import { eventTitle } from '../events/model';
import type { AdminEvent } from '../events/queries';

/** The event selector: 'title - dd/MM/yyyy' (the title in the page's language) (the day at the centre), or 'Aucun événement disponible'. */
export function EventSelect({ events, value, onChange }: { events: AdminEvent[]; value: number | null; onChange: (id: number) => void }) {
  const { t, i18n } = useTranslation('tournaments');
  if (events.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">{t('admin.noEvents')}</p>;
  }
  return (
    <Select name="eventId" label={t('admin.event')} value={String(value ?? '')} onValueChange={(v) => onChange(Number(v))} selectClassName="min-h-11 sm:max-w-xl">
        {events.map((event) => (
          <option key={event.id} value={event.id}>
            {[t('admin.eventOption', { title: eventTitle(event, i18n.language), date: formatDate(event.startDate, i18n.language) }), event.isActive ? '' : t('admin.inactive')]
              .filter(Boolean)
              .join(' ')}
          </option>
        ))}
    </Select>
  );
}
