// The sync's one starter, mounted once at the app's root (App.tsx): not by a page, nor by the
// header's badge (which only shows the state). For an admin or a counsellor, the people who send
// entries, once the page has settled (the sync is not part of the first screen), it loads the
// sync's chunk (SyncStarter.tsx, which says which kinds each role sends); for anybody else it
// loads nothing, and the engine stops if the person is signed in no more. (The starter reads the
// roles itself: every byte here is the landing page's.)
import { Suspense } from 'react';
import { useRoles } from '../features/auth/session';
import { useIdle } from '../lib/idle';
import { lazyWithQueries } from '../lib/lazyWithQueries';

const SyncStarter = lazyWithQueries(() => import('./SyncStarter').then((m) => m.SyncStarter));

export function SyncRoot() {
  const { isAdmin, isCampStaff } = useRoles();
  const idle = useIdle();
  if (!(isAdmin || isCampStaff) || !idle) return null;
  return (
    <Suspense fallback={null}>
      <SyncStarter />
    </Suspense>
  );
}
