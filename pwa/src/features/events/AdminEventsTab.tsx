import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLongDateTime } from '../../lib/format';
import { RegistrationsPanel } from './AdminRegistrations';
import { EventFormDialog } from './EventFormDialog';
import { useDeleteEvent } from './mutations';
import { useAdminEvents, type AdminEvent } from './queries';
import { Button } from '../../components/Button';
import { QueryStatus } from '../../components/QueryStatus';

/** The admin console's Événements tab: create, edit, delete, registrations. */
export function AdminEventsTab() {
  const { t } = useTranslation('events');
  const events = useAdminEvents();
  const [editing, setEditing] = useState<AdminEvent | null>(null);
  const [creating, setCreating] = useState(false);
  const list = events.data ?? [];
  return (
    <section aria-labelledby="admin-events-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="admin-events-title" className="text-2xl font-bold">
          {t('admin.title')}
        </h2>
        <Button
          variant="primary"
          onClick={() => setCreating(true)}
        >
          {t('admin.new')}
        </Button>
      </div>
      <QueryStatus query={events} error={t('loadError')}>
        {() => (
          <>
            <h3 className="text-lg font-semibold">{t('admin.count', { count: list.length })}</h3>
            {list.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">{t('admin.empty')}</p>
            ) : (
              <ul className="space-y-4">
                {list.map((event) => (
                  <AdminEventCard key={event.id} event={event} onEdit={() => setEditing(event)} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryStatus>
      <EventFormDialog open={creating} event={null} onClose={() => setCreating(false)} />
      <EventFormDialog open={editing !== null} event={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

function AdminEventCard({ event, onEdit }: { event: AdminEvent; onEdit: () => void }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language;
  const remove = useDeleteEvent();
  const [open, setOpen] = useState(false);
  const price = Number.isInteger(event.price) ? String(event.price) : event.price.toFixed(2);
  return (
    <li className="rounded-xl border border-slate-200 p-5 shadow-sm" data-testid="admin-event">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h4 className="text-lg font-semibold">{event.title}</h4>
          {event.titleEn && <p className="text-sm italic text-slate-700">{event.titleEn}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {event.featured && (
            <span className="rounded bg-lake-600 px-2 py-0.5 text-sm font-semibold text-white" data-testid="admin-event-featured">
              {t('admin.featured')}
            </span>
          )}
          <span
            className={`rounded px-2 py-0.5 text-sm font-semibold ${event.isActive ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'}`}
          >
            {event.isActive ? t('admin.active') : t('admin.inactive')}
          </span>
        </div>
      </div>
      <div className="mt-2 grid gap-1 text-sm text-slate-800 sm:grid-cols-2">
        <p>{t('admin.start', { date: formatLongDateTime(event.startDate, lang) })}</p>
        {event.endDate && <p>{t('admin.end', { date: formatLongDateTime(event.endDate, lang) })}</p>}
        <p>{t('admin.location', { location: event.location })}</p>
        {event.maxParticipants !== null && (
          <p>{t('admin.participants', { current: event.currentParticipants, max: event.maxParticipants })}</p>
        )}
      </div>
      <p className="mt-2 whitespace-pre-line text-slate-800">{event.description}</p>
      {event.descriptionEn && <p className="mt-1 whitespace-pre-line text-sm italic text-slate-700">{event.descriptionEn}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded bg-brand-100 px-2 py-0.5 font-semibold text-brand-800">
          {event.price > 0 ? t('admin.price', { price }) : t('admin.free')}
        </span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800">{t('admin.interac')}</span>
        <span className="text-slate-600">{t('admin.createdAt', { date: formatDate(event.createdAt, lang) })}</span>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          size="sm"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {t('admin.registrations', { count: event.registrationCount })}
        </Button>
        <Button size="sm" onClick={onEdit}>
          {t('admin.edit')}
        </Button>
        <Button
          variant="danger"
          size="sm"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(t('admin.confirmDelete', { title: event.title }))) remove.mutate(event.id);
          }}
        >
          {t('admin.delete')}
        </Button>
      </div>
      {open && <RegistrationsPanel event={event} />}
    </li>
  );
}
