// How long an offer still holds its place: until when (the centre's time) and the time left.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { timeLeft } from './queries';

export function OfferLine({ expiresAt }: { expiresAt: string }) {
  const { t, i18n } = useTranslation('waitlist');
  const left = timeLeft(expiresAt);
  return (
    <p className="text-sm font-semibold text-brand-800">
      {t('offer.until', { when: formatDateTime(expiresAt, i18n.language), hours: left.hours, minutes: left.minutes })}
    </p>
  );
}
