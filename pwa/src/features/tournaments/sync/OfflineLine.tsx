// The Tournois tab's line of where it stands for a day at the courts (src/sync/SyncLine.tsx),
// counting the phone's waiting scores.
import { useTranslation } from 'react-i18next';
import { SyncLine } from '../../../sync/SyncLine';
import { useWaitingCount } from './useOutbox';

export function OfflineLine({ loaded, updatedAt }: { loaded: boolean; updatedAt: number }) {
  const { t } = useTranslation('tournaments');
  const waiting = useWaitingCount();
  return <SyncLine loaded={loaded} updatedAt={updatedAt} waiting={waiting} offlineText={(count) => t('sync.line.offline', { count })} />;
}
