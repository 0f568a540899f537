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
// at once. Below a score, 'Le match commence' and 'Forfait': a team that did not show up (both online only).
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { formatOf, setsOf, type Formats } from '../../tournament-shared/format';
import type { Match } from '../../tournament-shared/types';
import { ForfeitChoice, StartChoice } from './OnlineChoices';
import type { ScoreKind } from './parts';
import { ScoreForm } from './SingleScoreForm';
import { SetsForm } from './SetsScoreForm';

export type { ScoreKind } from './parts';

interface ScoreDialogProps {
  eventId: number;
  /** The match being scored; null closes the dialog. */
  match: Match | null;
  kind: ScoreKind;
  poolCount: number;
  /** The tournament's formats (none given: both phases `single`). */
  formats?: Formats;
  onClose: () => void;
}

const SINGLE: Formats = {};

export function ScoreDialog({ eventId, match, kind, poolCount, formats = SINGLE, onClose }: ScoreDialogProps) {
  const { t } = useTranslation('tournaments');
  const format = match ? formatOf(formats, match) : undefined;
  const sets = setsOf(format);
  const key = match ? `${match.id}-${kind}` : '';
  return (
    <Dialog open={match !== null} onClose={onClose} title={kind === 'correction' ? t('score.correctTitle') : t('score.title')} closeLabel={t('close')}>
      {match &&
        (format && sets ? (
          <SetsForm key={key} eventId={eventId} match={match} kind={kind} poolCount={poolCount} format={format} sets={sets} formats={formats} onDone={onClose} />
        ) : (
          <ScoreForm key={key} eventId={eventId} match={match} kind={kind} poolCount={poolCount} formats={formats} onDone={onClose} />
        ))}
      {match && kind === 'score' && <StartChoice eventId={eventId} match={match} onDone={onClose} />}
      {match && kind === 'score' && <ForfeitChoice eventId={eventId} match={match} onDone={onClose} />}
    </Dialog>
  );
}

