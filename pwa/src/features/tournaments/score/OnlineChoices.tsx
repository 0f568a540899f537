// Under 'Saisir le score du match': the match starting now, and a team that did not show up. One button per side
// ('Les Hérons déclare forfait'); the server records the format's forfeit score and the other
// side wins. Unlike a score it is not kept in the outbox: offline, the buttons wait for the
// network (the server answering, not only the browser's word) and say so.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { useReachable } from '../../../sync/SyncLine';
import { sideName } from '../../tournament-shared/rounds';
import type { Match } from '../../tournament-shared/types';
import { useForfeitMatch, useStartMatch } from '../mutations';

interface ForfeitChoiceProps {
  eventId: number;
  match: Match;
  onDone: () => void;
}

/** 'Le match commence': the scorekeeper says its court is playing it (online only). */
export function StartChoice({ eventId, match, onDone }: ForfeitChoiceProps) {
  const { t } = useTranslation('tournaments');
  const start = useStartMatch(eventId, { onSuccess: onDone });
  const online = useReachable();
  if (match.status === 'in_progress') return null;
  return (
    <div className="mt-6 border-t border-slate-200 pt-4" data-testid="start-choice">
      <p className="mb-3 text-sm text-slate-700">{online ? t('start.hint') : t('start.offline')}</p>
      <Button variant="secondary" disabled={!online || start.isPending} onClick={() => start.mutate(match.id)} className="min-h-11 w-full">
        {t('start.button')}
      </Button>
    </div>
  );
}

export function ForfeitChoice({ eventId, match, onDone }: ForfeitChoiceProps) {
  const { t } = useTranslation('tournaments');
  const forfeit = useForfeitMatch(eventId, { onSuccess: onDone });
  const online = useReachable();
  return (
    <fieldset className="mt-6 border-t border-slate-200 pt-4" data-testid="forfeit-choice">
      <legend className="pt-4 text-base font-semibold">{t('forfeit.title')}</legend>
      <p className="mb-3 text-sm text-slate-700">{online ? t('forfeit.hint') : t('forfeit.offline')}</p>
      <div className="flex flex-col gap-2">
        {([1, 2] as const).map((side) => (
          <Button
            key={side}
            variant="secondary"
            disabled={!online || forfeit.isPending}
            onClick={() => forfeit.mutate({ matchId: match.id, side })}
            className="min-h-11 w-full"
          >
            {t('forfeit.side', { team: sideName(match, side, t) })}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
