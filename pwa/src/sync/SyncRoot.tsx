// The sync's one starter, mounted once at the app's root (App.tsx): not by a page, nor by the
// header's badge (which only shows the state). For a signed-in person (every member may send a
// captain's report; admins and counsellors send more), once the page has settled (the sync is not
// part of the first screen), it loads the sync's chunk (SyncStarter.tsx, which says which kinds
// each role sends); for a visitor it loads nothing, and the engine stops if the person is signed
// in no more. (The starter reads the
// roles itself: every byte here is the landing page's.)
import { Suspense } from 'react';
import { useRoles } from '../features/auth/session';
import { useIdle } from '../lib/idle';
import { lazyWithQueries } from '../lib/lazyWithQueries';

const SyncStarter = lazyWithQueries(() => import('./SyncStarter').then((m) => m.SyncStarter));

export function SyncRoot() {
  const { user } = useRoles();
  const idle = useIdle();
  if (user === null || !idle) return null;
  return (
    <Suspense fallback={null}>
      <SyncStarter />
    </Suspense>
  );
}
