// The medals of the top three and the champion's trophy, drawn inline (an emoji looks different,
// or is missing, from one system to the next). Each is an image named in the interface language.
import { useTranslation } from 'react-i18next';
import type { Medal } from './standings';

const METAL: Record<Medal, { face: string; rim: string }> = {
  gold: { face: '#f5c542', rim: '#a77b06' },
  silver: { face: '#d9dde3', rim: '#7b8491' },
  bronze: { face: '#d98c4a', rim: '#8a4b17' },
};

export function MedalIcon({ medal, className = 'h-7 w-7' }: { medal: Medal; className?: string }) {
  const { t } = useTranslation('tournaments');
  const { face, rim } = METAL[medal];
  return (
    <svg role="img" aria-label={t(`public.medal.${medal}`)} viewBox="0 0 24 24" className={className} data-medal={medal}>
      <path d="M6 1h5l3 8H9z" fill="#1d4ed8" />
      <path d="M18 1h-5l-3 8h5z" fill="#dc2626" />
      <circle cx="12" cy="15" r="7.5" fill={face} stroke={rim} strokeWidth="1.5" />
      <path d="M12 10.5l1.3 2.8 3 .3-2.3 2 .7 3-2.7-1.6-2.7 1.6.7-3-2.3-2 3-.3z" fill={rim} />
    </svg>
  );
}

export function TrophyIcon({ className = 'h-5 w-5' }: { className?: string }) {
  const { t } = useTranslation('tournaments');
  return (
    <svg role="img" aria-label={t('schedule.trophy')} viewBox="0 0 24 24" className={className}>
      <path d="M6 3h12v5a6 6 0 0 1-12 0z" fill="#f5c542" stroke="#a77b06" strokeWidth="1.2" />
      <path d="M6 5H3v2a4 4 0 0 0 3.5 4M18 5h3v2a4 4 0 0 1-3.5 4" fill="none" stroke="#a77b06" strokeWidth="1.5" />
      <path d="M10.5 13.5h3V17h-3z" fill="#a77b06" />
      <path d="M7.5 17h9v3.5h-9z" fill="#8a4b17" />
    </svg>
  );
}
