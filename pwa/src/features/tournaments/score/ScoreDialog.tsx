// 'Saisir le score du match' (and 'Corriger le score', the same dialog). Where the match's phase
// is scored as one pair of numbers (`single`): two whole-number inputs labelled with the team
// names, 'Enregistrer' disabled until both are filled. Where it has sets (its phase's format:
// the pool's for a pool match, the knockout's otherwise): one row per set with each team's
// points in two large inputs, the next row added while the match is not decided (up to the
// format's number of sets), the leader shown as the points are typed. centre-core checks the
// scores as the server does (each set two whole numbers, then the sets against the format);
// the server's field errors land on the same inputs. A score goes to this phone's outbox
// (online or not), once centre-core's merge rule says the server will take it (a knockout draw,
// a set that cannot happen are refused here, with the server's message); a correction is sent
// at once. Below a score, 'Le match commence', 'Forfait': a team that did not show up, and where
// the teams referee, 'Équipe d'arbitrage' (all three online only).
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../../api/types';
import { Dialog } from '../../../components/Dialog';
import { loadCore } from '../../../core';
import { formatOf, setsOf, type Formats } from '../../tournament-shared/format';
import type { UseScoreSave } from '../../tournament-shared/score/parts';
import { ScoreForm } from '../../tournament-shared/score/SingleScoreForm';
import { SetsForm } from '../../tournament-shared/score/SetsScoreForm';
import { refusalOf, setsRefusal } from '../../tournament-shared/scoreCheck';
import type { Match, Tournament } from '../../tournament-shared/types';
import { useCorrectScore, useScoreMatch } from '../mutations';
import { DutyChoice, type DutyTeam } from './DutyChoice';
import { ForfeitChoice, StartChoice } from './OnlineChoices';

/** What the dialog enters: a score or a correction (a forfeit is not entered here). */
export type ScoreKind = Exclude<Schemas['ScoreKind'], 'forfeit'>;

/**
 * How the console saves: a score goes to the phone's outbox once centre-core's merge rule says
 * the server will take it; a correction is sent at once, its sets checked as a first score's.
 */
function consoleSave(eventId: number, match: Match, kind: ScoreKind, formats: Formats, lang: string): UseScoreSave {
  if (kind === 'correction') {
    return function useCorrectionSave(handlers) {
      const correct = useCorrectScore(eventId, handlers);
      return {
        pending: correct.isPending,
        check: async ({ sets }) => (sets && sets.length > 0 ? setsRefusal(await loadCore(), match, sets, formats, lang) : null),
        send: (score) => correct.mutate({ matchId: match.id, ...score }),
      };
    };
  }
  return function useScoreSave(handlers) {
    const score = useScoreMatch(eventId, handlers);
    return {
      pending: score.isPending,
      check: ({ team1Score, team2Score, sets }) => refusalOf(match, team1Score, team2Score, lang, { sets, formats }),
      send: (entered) => score.mutate({ match, ...entered }),
    };
  };
}

interface ScoreDialogProps {
  eventId: number;
  /** The match being scored; null closes the dialog. */
  match: Match | null;
  kind: ScoreKind;
  poolCount: number;
  /** The tournament's formats (none given: both phases `single`). */
  formats?: Formats;
  /** Whether the matches get a work team (none given: they do not). */
  duty?: Tournament['duty'];
  /** The event's teams, to choose a match's work team from. */
  teams?: readonly DutyTeam[];
  onClose: () => void;
}

const SINGLE: Formats = {};
const NO_TEAMS: readonly DutyTeam[] = [];

export function ScoreDialog({ eventId, match, kind, poolCount, formats = SINGLE, duty = 'none', teams = NO_TEAMS, onClose }: ScoreDialogProps) {
  const { t, i18n } = useTranslation('tournaments');
  const format = match ? formatOf(formats, match) : undefined;
  const sets = setsOf(format);
  const key = match ? `${match.id}-${kind}` : '';
  return (
    <Dialog open={match !== null} onClose={onClose} title={kind === 'correction' ? t('score.correctTitle') : t('score.title')} closeLabel={t('close')}>
      {match &&
        (format && sets ? (
          <SetsForm key={key} match={match} prefill={kind === 'correction'} poolCount={poolCount} format={format} sets={sets} formats={formats} useSave={consoleSave(eventId, match, kind, formats, i18n.language)} onDone={onClose} />
        ) : (
          <ScoreForm key={key} match={match} prefill={kind === 'correction'} poolCount={poolCount} formats={formats} useSave={consoleSave(eventId, match, kind, formats, i18n.language)} onDone={onClose} />
        ))}
      {match && kind === 'score' && <StartChoice eventId={eventId} match={match} onDone={onClose} />}
      {match && kind === 'score' && <ForfeitChoice eventId={eventId} match={match} onDone={onClose} />}
      {/* A work team changed meanwhile (on another phone) starts the choice over on it. */}
      {match && kind === 'score' && duty === 'teams' && <DutyChoice key={`${key}-${match.dutyTeamId}`} eventId={eventId} match={match} teams={teams} onDone={onClose} />}
    </Dialog>
  );
}

