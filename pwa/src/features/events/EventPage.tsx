import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { buttonClass } from '../../components/Button';
import { usePageMeta } from '../../components/usePageMeta';
import { formatLongDate, formatTime } from '../../lib/format';
import { EventLeague } from '../league-page/EventLeague';
import { EventTournament } from '../tournament-page/EventTournament';
import { JoinWaitlistButton } from './JoinWaitlistButton';
import { isFull, localizedEvent } from './model';
import { useEvent } from './queries';

/** /event/{eventId}: the event's details. A league's parts (the week's grid, the nights, the
 * rules) come below from the league feature; otherwise the tournament parts (the member's team,
 * the schedule, the standings) from the tournament feature. */
export function EventPage() {
  const { eventId = '' } = useParams();
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language;
  const event = useEvent(eventId);
  const localized = event.data ? localizedEvent(event.data, lang) : null;
  usePageMeta(localized?.title ?? t('meta.title'), localized?.description);

  if (event.isLoading) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-slate-700">
        {t('event.loading')}
      </p>
    );
  }
  if (event.isError || !event.data || !localized) {
    const missing = !event.data || (event.error instanceof ApiError && event.error.status === 404);
    return (
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{missing ? t('event.notFound.title') : t('loadError')}</h1>
        {missing && <p className="mt-3 text-slate-700">{t('event.notFound.text')}</p>}
        <Link to="/events" className={buttonClass('primary', 'md', 'mt-6')}>
          {t('event.notFound.back')}
        </Link>
      </section>
    );
  }

  const data = event.data;
  const start = formatTime(data.startDate);
  const time = data.endDate ? t('event.timeRange', { start, end: formatTime(data.endDate) }) : start;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/events" className="text-sm font-medium text-brand-800 underline">
        {t('event.back')}
      </Link>
      <h1 className="mt-3 text-3xl font-bold sm:text-4xl">{localized.title}</h1>
      <p className="mt-4 whitespace-pre-line text-slate-800">{localized.description}</p>
      <dl className="mt-6 grid gap-4 rounded-xl border border-slate-200 p-6 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-slate-600">{t('event.date')}</dt>
          <dd>{formatLongDate(data.startDate, lang)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-600">{t('event.time')}</dt>
          <dd>{time}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-600">{t('event.location')}</dt>
          <dd>{data.location}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-600">{t('event.participants')}</dt>
          <dd data-testid="event-participants">
            {data.maxParticipants === null
              ? t('event.participantsNoMax', { current: data.currentParticipants })
              : t('event.participantsCount', { current: data.currentParticipants, max: data.maxParticipants })}
          </dd>
        </div>
      </dl>
      {isFull(data) && (
        <div className="mt-4">
          <JoinWaitlistButton event={data} />
        </div>
      )}
      {/* The league's or the tournament's texts load on demand: the details above stay while they come. */}
      <Suspense fallback={null}>
        <EventLeague eventId={eventId} otherwise={<EventTournament eventId={eventId} />} />
      </Suspense>
    </div>
  );
}
