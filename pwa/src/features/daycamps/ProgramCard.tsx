// A day-camp program's card on /day-camps: level, name, ages, description, weekly price, what
// is included, and the register button that chooses it in the form below.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { formatPrice } from '../../lib/format';
import type { Program } from './queries';

export function ProgramCard({ program: p, onChoose }: { program: Program; onChoose: (id: string) => void }) {
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
      <Button
        variant="primary"
        className="mt-6"
        onClick={() => onChoose(p.id)}
        aria-label={t('programs.registerFor', { name })}
      >
        {t('programs.register')}
      </Button>
    </li>
  );
}
