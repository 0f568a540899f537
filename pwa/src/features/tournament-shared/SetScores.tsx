// A score in sets as every list shows it (the console's match cards, the event page, the
// conflicts): '21-18, 17-21', team 1's points first, announced as 'Manches : 21-18, 17-21'.
// Nothing for a `single` score.
import { useTranslation } from 'react-i18next';
import { setsText } from './format';

export function SetScores({ sets, className = '' }: { sets: readonly (readonly number[])[] | null | undefined; className?: string }) {
  const { t } = useTranslation('tournaments');
  const text = setsText(sets);
  if (!text) return null;
  return (
    <span className={className} data-testid="set-scores">
      <span className="sr-only">{t('schedule.sets')} </span>
      {text}
    </span>
  );
}
