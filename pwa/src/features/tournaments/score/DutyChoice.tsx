// Under 'Saisir le score du match', where the teams referee: 'Équipe d'arbitrage', the match's
// work team chosen among the event's teams, and 'Changer l'arbitrage'. The server holds the rule
// the drawing follows (a team free at that time: it plays and referees nothing else then) and
// says why it refuses, under the choice. Like a forfeit it is not kept in the outbox: offline,
// the button waits for the network (the server answering, not only the browser's word) and says so.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/mutations';
import { Button } from '../../../components/Button';
import { Select } from '../../../components/form/Select';
import { useReachable } from '../../../sync/SyncLine';
import type { Match, Standing } from '../../tournament-shared/types';
import { useSetDuty } from '../mutations';

/** A team that may referee: the standings carry every team of the event. */
export type DutyTeam = Pick<Standing, 'teamId' | 'teamName' | 'withdrawn'>;

interface DutyChoiceProps {
  eventId: number;
  match: Match;
  teams: readonly DutyTeam[];
  onDone: () => void;
}

/**
 * The teams to offer, by name: neither side of the match (a team does not referee itself) nor a
 * withdrawn team, but always the current work team, so that the choice starts on it.
 */
function dutyChoices(match: Match, teams: readonly DutyTeam[], language: string): DutyTeam[] {
  const offered = teams.filter(
    (team) => team.teamId === match.dutyTeamId || (!team.withdrawn && team.teamId !== match.team1Id && team.teamId !== match.team2Id),
  );
  if (match.dutyTeamId !== null && match.dutyTeamName && !offered.some((team) => team.teamId === match.dutyTeamId)) {
    offered.push({ teamId: match.dutyTeamId, teamName: match.dutyTeamName });
  }
  return offered.sort((a, b) => a.teamName.localeCompare(b.teamName, language));
}

export function DutyChoice({ eventId, match, teams, onDone }: DutyChoiceProps) {
  const { t, i18n } = useTranslation('tournaments');
  const setDuty = useSetDuty(eventId, { onSuccess: onDone });
  const online = useReachable();
  const current = match.dutyTeamId === null ? '' : String(match.dutyTeamId);
  const [chosen, setChosen] = useState(current);
  const refusal = setDuty.isError ? errorText(setDuty.error, t('toast.genericError')) : undefined;
  return (
    <fieldset className="mt-6 border-t border-slate-200 pt-4" data-testid="duty-choice">
      <legend className="pt-4 text-base font-semibold">{t('duty.title')}</legend>
      <Select
        name="duty-team"
        label={t('duty.label')}
        value={chosen}
        onValueChange={(value) => {
          setChosen(value);
          setDuty.reset();
        }}
        hint={online ? t('duty.hint') : t('duty.offline')}
        error={refusal}
        selectClassName="min-h-11"
      >
        {/* A match waiting for a knockout loser has no work team yet. */}
        {current === '' && <option value="">{t('duty.choose')}</option>}
        {dutyChoices(match, teams, i18n.language).map((team) => (
          <option key={team.teamId} value={String(team.teamId)}>
            {team.teamName}
          </option>
        ))}
      </Select>
      <Button
        variant="secondary"
        disabled={!online || setDuty.isPending || chosen === '' || chosen === current}
        onClick={() => setDuty.mutate({ matchId: match.id, teamId: Number(chosen) })}
        className="mt-3 min-h-11 w-full"
      >
        {t('duty.button')}
      </Button>
    </fieldset>
  );
}
