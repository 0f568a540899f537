import { useTranslation } from 'react-i18next';
import { centre } from '../../config';
import { usePageMeta } from '../../components/usePageMeta';

const services = [
  { key: 'events', ribbon: false },
  { key: 'wake', ribbon: true },
  { key: 'volleyball', ribbon: false },
] as const;

export function LandingPage() {
  const { t } = useTranslation('landing');
  usePageMeta(t('meta.title'), t('meta.description'));
  return (
    <>
      <section className="bg-gradient-to-b from-brand-800 to-lake-600 px-4 py-20 text-white">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-extrabold sm:text-5xl">{t('hero.title')}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <a href="/api/login" className="rounded bg-white px-5 py-3 font-semibold text-brand-800">{t('hero.explore')}</a>
            <a href="#events" className="rounded border-2 border-white px-5 py-3 font-semibold">{t('hero.events')}</a>
          </div>
        </div>
      </section>

      <section id="services" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
        <h2 className="text-center text-3xl font-bold">{t('services.title')}</h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {services.map(({ key, ribbon }) => (
            <article key={key} className="relative overflow-hidden rounded-xl border border-slate-200 p-6 shadow-sm">
              {ribbon && (
                <span className="absolute right-0 top-4 rounded-l bg-amber-400 px-3 py-1 text-sm font-bold text-slate-900">
                  {t('services.underConstruction')}
                </span>
              )}
              <h3 className="text-xl font-semibold">{t(`services.${key}.title`)}</h3>
              <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700">
                <li>{t(`services.${key}.f1`)}</li>
                <li>{t(`services.${key}.f2`)}</li>
                <li>{t(`services.${key}.f3`)}</li>
              </ul>
              <a href="/api/login" className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white">{t('services.login')}</a>
            </article>
          ))}
        </div>
      </section>

      <section id="events" className="scroll-mt-20 bg-brand-50 px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 className="text-3xl font-bold">{t('events.title')}</h2>
          <p className="mt-4 text-slate-700">{t('events.empty')}</p>
        </div>
      </section>

      <section id="about" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
        <h2 className="text-3xl font-bold">{t('about.title')}</h2>
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <div className="space-y-4 text-slate-700">
            <p>{t('about.mission1')}</p>
            <p>{t('about.mission2')}</p>
          </div>
          <div>
            <h3 className="text-xl font-semibold">{t('about.objectivesTitle')}</h3>
            <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-700">
              <li>{t('about.o1')}</li>
              <li>{t('about.o2')}</li>
              <li>{t('about.o3')}</li>
            </ol>
          </div>
        </div>
        <h3 className="mt-12 text-2xl font-bold">{t('values.title')}</h3>
        <div className="mt-6 grid gap-6 sm:grid-cols-3">
          {(['passion', 'community', 'respect'] as const).map((value) => (
            <div key={value} className="rounded-xl bg-brand-50 p-6">
              <h4 className="text-lg font-semibold text-brand-800">{t(`values.${value}`)}</h4>
              <p className="mt-2 text-slate-700">{t(`values.${value}Text`)}</p>
            </div>
          ))}
        </div>
        <div className="mt-12 rounded-xl border border-slate-200 p-6">
          <h3 className="text-2xl font-bold">{t('contact.title')}</h3>
          <dl className="mt-4 grid gap-3 sm:grid-cols-3">
            <div><dt className="font-semibold">{t('contact.address')}</dt><dd>{centre.address}</dd></div>
            <div><dt className="font-semibold">{t('contact.email')}</dt><dd><a className="text-lake-600 underline" href={`mailto:${centre.email}`}>{centre.email}</a></dd></div>
            <div><dt className="font-semibold">{t('contact.hours')}</dt><dd>{t('contact.hoursValue')}</dd></div>
          </dl>
        </div>
      </section>
    </>
  );
}
