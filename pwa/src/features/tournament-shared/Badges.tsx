// The small coloured labels of the tournament screens; every colour comes with its text.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TournamentStatus } from '../../api/types';
import type { MatchState } from './rounds';

const base = 'inline-block rounded px-2 py-0.5 text-xs font-semibold';

export function Badge({ tone, children }: { tone: 'green' | 'amber' | 'slate' | 'blue'; children: ReactNode }) {
  const colours = {
    green: 'bg-green-100 text-green-900',
    amber: 'bg-amber-100 text-amber-900',
    slate: 'bg-slate-200 text-slate-800',
    blue: 'bg-sky-100 text-sky-900',
  };
  return <span className={`${base} ${colours[tone]}`}>{children}</span>;
}

/** Configuration / En cours / Terminé. */
export function TournamentStatusBadge({ status }: { status: TournamentStatus }) {
  const { t } = useTranslation('tournaments');
  const tone = status === 'setup' ? 'slate' : status === 'in_progress' ? 'blue' : 'green';
  return <Badge tone={tone}>{t(`status.${status}`)}</Badge>;
}

/** The public match badge: 'En cours' or 'À venir' ('Terminé' once the score is in). */
export function MatchStateBadge({ state }: { state: MatchState }) {
  const { t } = useTranslation('tournaments');
  if (state === 'completed') return <Badge tone="green">{t('public.completed')}</Badge>;
  if (state === 'inProgress') return <Badge tone="blue">{t('public.inProgress')}</Badge>;
  return <Badge tone="slate">{t('public.upcoming')}</Badge>;
}
