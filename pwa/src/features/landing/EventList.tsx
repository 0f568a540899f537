import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isFull, localizedEvent, placesLeft } from '../events/model';
import type { Event } from '../events/queries';
import { useSignInGate } from '../../components/signIn';
import { formatLongDateTime, formatPrice } from '../../lib/format';

/** How many upcoming events the landing page lists before "all events". */
const SHOWN = 6;

/** The landing page's event cards (its own chunk, see EventsSection). */
export default function EventList({ events }: { events: Event[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {events.slice(0, SHOWN).map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
    </ul>
  );
}

function EventCard({ event }: { event: Event }) {
  const { t, i18n } = useTranslation('landing');
  const gate = useSignInGate();
  const titleId = useId();
  const { title, description } = localizedEvent(event, i18n.language);
  const full = isFull(event);
  const remaining = placesLeft(event);
  return (
    <li className="flex flex-col rounded-xl bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="rounded bg-slate-100 px-2 py-0.5 font-semibold text-slate-800">
          {(event.categoryId ?? t('events.defaultCategory')).toUpperCase()}
        </span>
        <span className="rounded bg-brand-100 px-2 py-0.5 font-semibold text-brand-800">
          {event.price > 0 ? t('events.pricePerPerson', { price: formatPrice(event.price, i18n.language) }) : t('events.free')}
        </span>
      </div>
      <h3 id={titleId} className="mt-3 text-xl font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{formatLongDateTime(event.startDate, i18n.language)}</p>
      <p className="text-sm text-slate-700">{event.location}</p>
      <p className="mt-3 line-clamp-3 flex-1 text-slate-700">{description}</p>
      {remaining !== null && (
        <p className="mt-3 text-sm font-medium text-slate-800">{t('events.placesLeft', { count: remaining })}</p>
      )}
      <button
        type="button"
        disabled={full}
        onClick={() => gate()}
        aria-describedby={titleId}
        className="mt-4 self-start rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-slate-900"
      >
        {full ? t('events.full') : t('events.register')}
      </button>
    </li>
  );
}
