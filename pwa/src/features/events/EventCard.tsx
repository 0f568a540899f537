import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { formatLongDateTime, formatPrice } from '../../lib/format';
import { JoinWaitlistButton } from './JoinWaitlistButton';
import { isFull, localizedEvent, placesLeft } from './model';
import type { Event } from './queries';

/** One card of the events page. */
export function EventCard({
  event,
  onRegister,
  waitlist = false,
}: {
  event: Event;
  onRegister: (event: Event) => void;
  /** A full event offers its waiting list. */
  waitlist?: boolean;
}) {
  const { t, i18n } = useTranslation('events');
  const titleId = useId();
  const lang = i18n.language;
  const { title, description } = localizedEvent(event, lang);
  const full = isFull(event);
  const left = placesLeft(event);
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="event-card">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="rounded bg-slate-100 px-2 py-0.5 font-semibold text-slate-800">
          {(event.categoryId ?? t('card.defaultCategory')).toUpperCase()}
        </span>
        <span className="rounded bg-brand-100 px-2 py-0.5 font-semibold text-brand-800">
          {event.price > 0 ? t('card.pricePerPerson', { price: formatPrice(event.price, lang) }) : t('card.free')}
        </span>
      </div>
      {event.maxParticipants !== null && (
        <p className="mt-2 text-sm text-slate-700">
          {t('card.participants', { current: event.currentParticipants, max: event.maxParticipants })}
        </p>
      )}
      <h2 id={titleId} className="mt-2 text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('card.start', { date: formatLongDateTime(event.startDate, lang) })}</p>
      {event.endDate && <p className="text-sm text-slate-700">{t('card.end', { date: formatLongDateTime(event.endDate, lang) })}</p>}
      <p className="text-sm text-slate-700">{t('card.location', { location: event.location })}</p>
      {left !== null && <p className="mt-2 text-sm font-medium text-slate-800">{t('card.placesLeft', { count: left })}</p>}
      <p className="mt-3 line-clamp-3 flex-1 text-slate-700">{description}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          disabled={full}
          onClick={() => onRegister(event)}
          aria-describedby={titleId}
        >
          {full ? t('card.full') : t('card.register')}
        </Button>
        {waitlist && <JoinWaitlistButton event={event} describedBy={titleId} />}
        <Link to={`/event/${event.id}`} aria-describedby={titleId} className="text-sm font-medium text-brand-800 underline">
          {t('card.schedule')}
        </Link>
      </div>
    </li>
  );
}
