import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUpcomingEvents } from './useUpcomingEvents';
import EventList from './EventList';

/** The landing page's #events section: upcoming active events from GET /api/events. */
export function EventsSection() {
  const { t } = useTranslation('landing');
  const events = useUpcomingEvents();
  return (
    <section id="events" aria-labelledby="events-title" className="scroll-mt-20 bg-brand-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="events-title" className="text-3xl font-bold">
              {t('events.title')}
            </h2>
            <p className="mt-2 text-slate-700">{t('events.subtitle')}</p>
          </div>
          <Link to="/events" className="font-semibold text-lake-600 underline">
            {t('events.all')}
          </Link>
        </div>
        <div className="mt-8" aria-busy={events.status === 'pending'}>
          {events.status === 'pending' ? (
            <EventsSkeleton label={t('events.loading')} />
          ) : events.status === 'error' ? (
            <p className="text-slate-700">{t('events.error')}</p>
          ) : events.data.length === 0 ? (
            <p className="rounded-xl bg-white p-6 text-slate-700">{t('events.empty')}</p>
          ) : (
            <EventList events={events.data} />
          )}
        </div>
      </div>
    </section>
  );
}

function EventsSkeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((n) => (
          <div key={n} className="h-48 animate-pulse rounded-xl bg-white" />
        ))}
      </div>
    </div>
  );
}

