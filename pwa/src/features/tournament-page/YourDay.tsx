// 'Votre journée' in the 'Votre équipe' card: every match the team plays or referees, in the
// schedule's order, as one list ('Vous jouez à 10:20 · terrain 1 contre Les Hérons', 'Vous
// arbitrez à 10:45 · terrain 2'). A team on duty has to be at a court as surely as when it
// plays, so both read alike. Completed lines stay, muted, with 'Terminé'; the first one still to
// come stands out. A result the teams reported says where it stands, as on the match list:
// 'Résultat proposé 21-18 (provisoire)', contested, or decided by the organisers.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { Badge, ReportBadge } from '../tournament-shared/Badges';
import { courtOf, sideName, type Translate } from '../tournament-shared/rounds';
import { bySchedule } from '../tournament-shared/schedule';
import type { Match } from '../tournament-shared/types';

const plays = (match: Match, teamId: number) => match.team1Id === teamId || match.team2Id === teamId;

/** One line of the day: where and when the team plays (and against whom), or referees. */
function lineText(match: Match, teamId: number, t: Translate): string {
  const options = {
    // Without a time yet, 'à À définir' would not read: the sentence takes its other form.
    context: match.scheduledTime ? undefined : 'tbd',
    time: match.scheduledTime ? formatTime(match.scheduledTime) : t('schedule.tbdTime'),
    court: courtOf(match) ?? '',
  };
  if (!plays(match, teamId)) return t('team.day.referee', options);
  return t('team.day.play', { ...options, team: sideName(match, match.team1Id === teamId ? 2 : 1, t) });
}

export function YourDay({ teamId, matches }: { teamId: number; matches: Match[] }) {
  const { t } = useTranslation('tournaments');
  const titleId = useId();
  const day = matches.filter((match) => plays(match, teamId) || match.dutyTeamId === teamId).sort(bySchedule);
  if (day.length === 0) return null;
  const next = day.find((match) => match.status !== 'completed');
  return (
    <div className="mt-4 rounded-lg bg-white p-4" data-testid="your-day">
      <h4 id={titleId} className="text-sm font-semibold text-slate-600">
        {t('team.day.title')}
      </h4>
      <ol aria-labelledby={titleId} className="mt-2 space-y-2">
        {day.map((match) => {
          const done = match.status === 'completed';
          const current = match === next;
          return (
            <li
              key={match.id}
              aria-current={current ? 'step' : undefined}
              className={`flex flex-wrap items-center justify-between gap-2 rounded px-3 py-2 ${
                current ? 'border-l-4 border-brand-600 bg-brand-100 font-semibold text-slate-900' : done ? 'text-slate-500' : 'text-slate-800'
              }`}
            >
              <span>{lineText(match, teamId, t)}</span>
              <ReportBadge match={match} />
              {done && <Badge tone="slate">{t('schedule.completed')}</Badge>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
