// The side panels of /reservations: help (the centre's e-mail), free of charge, balls, mandatory
// booking.
import { useTranslation } from 'react-i18next';
import { centre } from '../../../config';

export function SidePanels() {
  const { t } = useTranslation('courts');
  const panels = [
    { key: 'help', body: (
      <>
        {t('side.help.text')}{' '}
        <a href={`mailto:${centre.email}`} className="font-semibold text-brand-800 underline">
          {centre.email}
        </a>
      </>
    ) },
    { key: 'free', body: t('side.free.text') },
    { key: 'balls', body: t('side.balls.text') },
    { key: 'mandatory', body: t('side.mandatory.text') },
  ] as const;
  return (
    <aside className="space-y-4" aria-label={t('side.label')}>
      {panels.map((panel) => (
        <section key={panel.key} aria-labelledby={`side-${panel.key}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id={`side-${panel.key}`} className="font-semibold">
            {t(`side.${panel.key}.title`)}
          </h2>
          <p className="mt-2 text-sm text-slate-700">{panel.body}</p>
        </section>
      ))}
    </aside>
  );
}
