// /day-camps: the three programs from the API (age range, weekly price,
// features), each register button choosing its program and scrolling to the form; the form
// collects the child, the parent and the desired weeks.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../components/QueryStatus';
import { Skeleton } from '../../components/Skeleton';
import { usePageMeta } from '../../components/usePageMeta';
import { DayCampForm } from './DayCampForm';
import { hourLabel } from './hours';
import { ProgramCard } from './ProgramCard';
import { ProgramCardSkeleton } from './ProgramCardSkeleton';
import { usePrograms } from './queries';

/** The usual camp day (the schema's defaults), whose width the hours take while they load. */
const USUAL_DAY = { start: '08:00', end: '16:00' };
/** The centre's three programs, as many cards as stand in for them while they load. */
const SKELETON_CARDS = [1, 2, 3];

export function DayCampsPage() {
  const { t } = useTranslation('daycamps');
  usePageMeta(t('meta.title'), t('meta.description'));
  const programs = usePrograms();
  const [programId, setProgramId] = useState('');
  const formTitle = useRef<HTMLHeadingElement>(null);

  const choose = useCallback((id: string) => {
    setProgramId(id);
    const heading = formTitle.current;
    if (heading) {
      heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
      heading.focus({ preventScroll: true });
    }
  }, []);

  const first = programs.data?.[0];
  return (
    <div>
      <section className="bg-gradient-to-br from-brand-800 to-lake-600 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h1 className="text-3xl font-bold sm:text-5xl">{t('hero.title')}</h1>
          <p className="mt-4 max-w-2xl text-lg">{t('hero.subtitle')}</p>
          <ul className="mt-6 flex flex-wrap gap-3 text-sm font-semibold">
            {(first || programs.isLoading) && (
              <li className="rounded-full bg-white/15 px-3 py-1">
                {first ? (
                  t('hero.hours', { start: hourLabel(first.dayStart, t), end: hourLabel(first.dayEnd, t) })
                ) : (
                  <Skeleton inline className="bg-white/30">
                    {t('hero.hours', { start: hourLabel(USUAL_DAY.start, t), end: hourLabel(USUAL_DAY.end, t) })}
                  </Skeleton>
                )}
              </li>
            )}
            <li className="rounded-full bg-white/15 px-3 py-1">{t('hero.days')}</li>
            <li className="rounded-full bg-white/15 px-3 py-1">{t('hero.weeks')}</li>
          </ul>
        </div>
      </section>

      <section aria-labelledby="programs-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="programs-title" className="text-2xl font-bold sm:text-3xl">
          {t('programs.title')}
        </h2>
        <QueryStatus
          query={programs}
          className="mt-6"
          error={t('programs.loadError')}
          loading={
            <ul className="grid gap-6 md:grid-cols-3">
              {SKELETON_CARDS.map((n) => (
                <ProgramCardSkeleton key={n} />
              ))}
            </ul>
          }
        >
          {(list) => (
            <ul className="mt-6 grid gap-6 md:grid-cols-3">
              {list.map((program) => (
                <ProgramCard key={program.id} program={program} onChoose={choose} />
              ))}
            </ul>
          )}
        </QueryStatus>
      </section>

      <section id="inscription" aria-labelledby="form-title" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12">
          <h2 id="form-title" ref={formTitle} tabIndex={-1} className="scroll-mt-24 text-2xl font-bold focus:outline-none sm:text-3xl">
            {t('form.title')}
          </h2>
          <p className="mt-2 text-slate-700">{t('form.intro')}</p>
          {programs.data && <DayCampForm programs={programs.data} programId={programId} onProgramChange={setProgramId} />}
        </div>
      </section>
    </div>
  );
}
