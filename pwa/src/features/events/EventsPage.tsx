import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { useSignInGate } from '../../components/signIn';
import { usePageMeta } from '../../components/usePageMeta';
import { EventCard } from './EventCard';
import { RegistrationDialog } from './RegistrationDialog';
import { EVENT_CATEGORIES, useEvents, type Event } from './queries';

/** The category filters: '' is "all", then each category. */
const CATEGORY_FILTERS = ['', ...EVENT_CATEGORIES] as const;
/** Cards shown at first, and added by each "load more". */
const PAGE_SIZE = 9;

/** Events matching a search text (title, English title, description, location) and a category. */
function filterEvents(events: Event[], search: string, category: string): Event[] {
  const needle = fold(search.trim());
  return events.filter((event) => {
    if (category && event.categoryId !== category) return false;
    if (!needle) return true;
    return [event.title, event.titleEn, event.description, event.descriptionEn, event.location].some(
      (text) => text && fold(text).includes(needle),
    );
  });
}

/** Lower case without accents, so "ete" finds "Été". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** /events: the upcoming events and the team registration dialog. */
export function EventsPage() {
  const { t } = useTranslation('events');
  usePageMeta(t('meta.title'), t('meta.description'));
  const events = useEvents();
  const gate = useSignInGate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);
  const [registering, setRegistering] = useState<Event | null>(null);
  const matching = useMemo(() => filterEvents(events.data ?? [], search, category), [events.data, search, category]);
  const filtered = search.trim() !== '' || category !== '';
  const clear = () => {
    setSearch('');
    setCategory('');
    setShown(PAGE_SIZE);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Link to="/" className="text-sm font-medium text-brand-800 underline">
        {t('page.backHome')}
      </Link>
      <h1 className="mt-3 text-3xl font-bold sm:text-4xl">{t('page.title')}</h1>
      <p className="mt-2 text-slate-700">{t('page.subtitle')}</p>

      {events.isLoading && (
        <p role="status" className="mt-8 text-slate-700">
          {t('loading')}
        </p>
      )}
      {events.isError && (
        <div role="alert" className="mt-8 rounded border border-red-300 bg-red-50 p-4 text-red-900">
          <p>{t('loadError')}</p>
          <button type="button" onClick={() => void events.refetch()} className="mt-2 font-semibold underline">
            {t('retry')}
          </button>
        </div>
      )}
      {events.data && events.data.length === 0 && (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">{t('page.empty')}</p>
      )}
      {events.data && events.data.length > 0 && (
        <>
          <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
            <div className="md:w-80">
              <label htmlFor="event-search" className="block text-sm font-medium text-slate-800">
                {t('page.search')}
              </label>
              <input
                id="event-search"
                type="search"
                value={search}
                placeholder={t('page.searchPlaceholder')}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setShown(PAGE_SIZE);
                }}
                className="mt-1 block w-full rounded border border-slate-400 px-3 py-2"
              />
            </div>
            <div role="group" aria-label={t('page.filters')} className="flex flex-wrap gap-2">
              {CATEGORY_FILTERS.map((value) => (
                <button
                  key={value || 'all'}
                  type="button"
                  aria-pressed={category === value}
                  onClick={() => {
                    setCategory(value);
                    setShown(PAGE_SIZE);
                  }}
                  className={`rounded-full border px-3 py-1 text-sm font-medium ${
                    category === value ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 hover:bg-slate-100'
                  }`}
                >
                  {t(`page.categories.${value || 'all'}`)}
                </button>
              ))}
            </div>
          </div>
          {matching.length === 0 ? (
            <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center">
              <p className="text-slate-700">{t('page.noResults')}</p>
              <Button className="mt-3" onClick={clear}>
                {t('page.clearFilters')}
              </Button>
            </div>
          ) : (
            <>
              <p className="mt-6 text-sm text-slate-700" aria-live="polite">
                {t('page.shown', { shown: Math.min(shown, matching.length), total: matching.length })}
                {filtered && (
                  <button type="button" onClick={clear} className="ml-3 font-medium text-brand-800 underline">
                    {t('page.clearFilters')}
                  </button>
                )}
              </p>
              <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {matching.slice(0, shown).map((event) => (
                  <EventCard
                    key={event.id}
                    event={event}
                    onRegister={(chosen) => gate(() => setRegistering(chosen))}
                    waitlist
                  />
                ))}
              </ul>
              {shown < matching.length && (
                <div className="mt-8 text-center">
                  <Button
                    onClick={() => setShown((n) => n + PAGE_SIZE)}
                  >
                    {t('page.loadMore')}
                  </Button>
                </div>
              )}
            </>
          )}
        </>
      )}
      <RegistrationDialog event={registering} onClose={() => setRegistering(null)} />
    </div>
  );
}
