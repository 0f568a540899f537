import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { centre } from '../../config';
import { usePageMeta } from '../../components/usePageMeta';
import { loginHref } from '../../components/signIn';
import { EventsSection } from './EventsSection';

const services = [
  { key: 'events', ribbon: false },
  { key: 'wake', ribbon: true },
  { key: 'volleyball', ribbon: false },
] as const;

const values = ['passion', 'community', 'respect'] as const;

/** The visitors' page. Prerendered at build time into index.html. */
export function LandingPage() {
  const { t, i18n } = useTranslation('landing');
  const login = loginHref('/', i18n.language);
  usePageMeta(t('meta.title'), t('meta.description'), { whole: true });
  return (
    <>
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-800 to-lake-600 px-4 py-20 text-white">
        <div className="mx-auto max-w-4xl text-center">
          <h1 id="hero-title" className="text-4xl font-extrabold sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <a href={login} className="rounded bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50">
              {t('hero.explore')}
            </a>
            <a href="#events" className="rounded border-2 border-white px-5 py-3 font-semibold hover:bg-white/10">
              {t('hero.events')}
            </a>
          </div>
        </div>
      </section>

      <section id="services" aria-labelledby="services-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
        <h2 id="services-title" className="text-center text-3xl font-bold">
          {t('services.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">{t('services.subtitle')}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {services.map(({ key, ribbon }) => (
            <li key={key} className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 p-6 shadow-sm">
              {ribbon && (
                <span className="absolute right-0 top-4 rounded-l bg-amber-400 px-3 py-1 text-sm font-bold text-slate-900">
                  {t('services.underConstruction')}
                </span>
              )}
              <h3 className="pr-28 text-xl font-semibold">{t(`services.${key}.title`)}</h3>
              <p className="mt-2 text-slate-700">{t(`services.${key}.text`)}</p>
              <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-slate-700">
                <li>{t(`services.${key}.f1`)}</li>
                <li>{t(`services.${key}.f2`)}</li>
                <li>{t(`services.${key}.f3`)}</li>
              </ul>
              <a
                href={login}
                className="mt-6 inline-block self-start rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                {t('services.login')}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <EventsSection />

      <section id="about" aria-labelledby="about-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
        <h2 id="about-title" className="text-3xl font-bold">
          {t('about.title')}
        </h2>
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <div className="space-y-4 text-slate-700">
            <h3 className="text-xl font-semibold text-slate-900">{t('about.missionTitle')}</h3>
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
        <ul className="mt-6 grid gap-6 sm:grid-cols-3">
          {values.map((value) => (
            <li key={value} className="rounded-xl bg-brand-50 p-6">
              <h4 className="text-lg font-semibold text-brand-800">{t(`values.${value}`)}</h4>
              <p className="mt-2 text-slate-700">{t(`values.${value}Text`)}</p>
            </li>
          ))}
        </ul>

        <div className="mt-12 rounded-xl border border-slate-200 p-6">
          <h3 className="text-2xl font-bold">{t('contact.title')}</h3>
          <p className="mt-2 text-slate-700">{t('contact.text')}</p>
          <dl className="mt-4 grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="font-semibold">{t('contact.address')}</dt>
              <dd>
                <address className="not-italic">{centre.address}</address>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t('contact.email')}</dt>
              <dd>
                <a className="text-lake-600 underline" href={`mailto:${centre.email}`}>
                  {centre.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t('contact.hours')}</dt>
              <dd>{t('contact.hoursValue')}</dd>
            </div>
          </dl>
          <Link to="/day-camps" className="mt-6 inline-block text-lake-600 underline">
            {t('contact.dayCamps')}
          </Link>
        </div>
      </section>
    </>
  );
}
