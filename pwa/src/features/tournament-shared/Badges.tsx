// The small coloured labels of the tournament screens; every colour comes with its text.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TournamentStatus } from '../../api/types';
import type { MatchState } from './rounds';
import type { Match } from './types';

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

/** A score as the report reads: the sets ('21-18, 17-21') where there are sets, else '21-18'. */
export function reportedScore(team1: number, team2: number, sets: number[][] | null | undefined): string {
  return sets && sets.length > 0 ? sets.map(([a, b]) => `${a}-${b}`).join(', ') : `${team1}-${team2}`;
}

/** Whether a match's report has something to say (see [`ReportBadge`]). */
export function hasReportBadge(match: Match): boolean {
  const report = match.report;
  return !!report && (report.state === 'proposed' || report.state === 'disputed' || report.decidedByAdmin);
}

/**
 * A team-scored match's report: 'Résultat proposé 21-18 (provisoire)' while the other side has
 * not answered, 'Contesté : 21-18 / 18-21' until the organisers decide, 'Décidé par
 * l'organisation' once they did; nothing for a result the teams agreed on, or with no report.
 */
export function ReportBadge({ match }: { match: Match }) {
  const { t } = useTranslation('tournaments');
  const report = match.report;
  if (!report || !hasReportBadge(match)) return null;
  const proposed = reportedScore(report.team1Score, report.team2Score, report.sets);
  if (report.state === 'proposed') return <Badge tone="amber">{t('report.proposed', { score: proposed })}</Badge>;
  if (report.state === 'disputed') {
    const counter = reportedScore(report.counterTeam1Score ?? 0, report.counterTeam2Score ?? 0, report.counterSets);
    return <Badge tone="amber">{t('report.disputed', { score: proposed, counter })}</Badge>;
  }
  if (report.decidedByAdmin) return <Badge tone="slate">{t('report.decided')}</Badge>;
  return null;
}
