// /day-camps (spec section 2): the three programs from the API (age range, weekly price,
// features), each register button choosing its program and scrolling to the form; the form
// collects the child, the parent and the desired weeks.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../components/usePageMeta';
import { formatPrice } from '../../lib/format';
import { DayCampForm } from './DayCampForm';
import { hourLabel } from './hours';
import { usePrograms, type Program } from './queries';

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
            {first && (
              <li className="rounded-full bg-white/15 px-3 py-1">
                {t('hero.hours', { start: hourLabel(first.dayStart, t), end: hourLabel(first.dayEnd, t) })}
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
        {programs.isLoading && (
          <p role="status" className="mt-6 text-slate-700">
            {t('loading')}
          </p>
        )}
        {programs.isError && (
          <p role="alert" className="mt-6 text-red-800">
            {t('programs.loadError')}
          </p>
        )}
        {programs.data && (
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {programs.data.map((program) => (
              <ProgramCard key={program.id} program={program} onChoose={choose} />
            ))}
          </ul>
        )}
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

function ProgramCard({ program: p, onChoose }: { program: Program; onChoose: (id: string) => void }) {
  const { t, i18n } = useTranslation('daycamps');
  const name = t(`programs.${p.id}.name`, { defaultValue: p.name });
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid={`program-${p.id}`}>
      <p className="text-sm font-semibold uppercase tracking-wide text-lake-600">{t(`programs.${p.id}.level`, { defaultValue: '' })}</p>
      <h3 className="mt-1 text-2xl font-bold text-brand-800">{name}</h3>
      <p className="mt-1 font-semibold">{t('programs.ages', { min: p.minAge, max: p.maxAge })}</p>
      <p className="mt-3 text-slate-700">{t(`programs.${p.id}.description`, { defaultValue: '' })}</p>
      <p className="mt-4 text-3xl font-bold">
        {formatPrice(p.weeklyPrice, i18n.language)}
        <span className="text-base font-normal text-slate-700"> {t('programs.perWeek')}</span>
      </p>
      <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-slate-800">
        {p.features.map((feature) => (
          <li key={feature}>{t(`features.${feature}`, { defaultValue: feature })}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => onChoose(p.id)}
        aria-label={t('programs.registerFor', { name })}
        className="mt-6 min-h-11 rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {t('programs.register')}
      </button>
    </li>
  );
}
