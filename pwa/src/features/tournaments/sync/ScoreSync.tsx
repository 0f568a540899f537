// The offline score sync's one starter, mounted once at the app's root (App.tsx): not by a page,
// nor by the header's badge (SyncStatus, which only shows the state). For a signed-in admin or
// counsellor (whose day camp attendance goes through the same outbox and engine),
// once the page has settled (its chunk is not part of the first screen), it loads the sync's
// chunk and runs the engine (SyncStatus.tsx's SyncStarter); for anybody else it loads nothing,
// and the engine stops if the admin is signed in no more.
import { Suspense } from 'react';
import { useIdle } from '../../../lib/idle';
import { lazyWithQueries } from '../../../lib/lazyWithQueries';
import { useRoles } from '../../auth/session';

// The camp staff's data module registers the attendance stream when it loads (its stream.ts),
// so an arrival recorded offline on /animation is sent from any page once the network is back.
const SyncStarter = lazyWithQueries(() => Promise.all([import('./SyncStatus'), import('../../camp-staff/queries')]).then(([m]) => m.SyncStarter));

export function ScoreSync() {
  const { isAdmin, isCampStaff } = useRoles();
  const idle = useIdle();
  if (!(isAdmin || isCampStaff) || !idle) return null;
  return (
    <Suspense fallback={null}>
      <SyncStarter />
    </Suspense>
  );
}
