// /admin exists only for a signed-in user: signed out, the path
// shows the not-found screen. While the sign-in status loads we show the console's spinner
// rather than a 404 that would flash before the console of a signed-in admin (its frame when
// the server said the role: ConsoleFrame.tsx). With no network and nothing kept on this device,
// nobody can tell who is signed in: the offline screen says so, never a 404.
import { NotFoundPage } from '../notfound/NotFoundPage';
import { OfflineScreen } from '../notfound/OfflineScreen';
import { useCurrentUser } from '../auth/session';
import { AdminPage } from './AdminPage';
import { ConsoleLoading } from './ConsoleFrame';

export function AdminRoute() {
  const { user, isLoading, isOffline } = useCurrentUser();
  if (isLoading) return <ConsoleLoading />;
  if (!user) return isOffline ? <OfflineScreen /> : <NotFoundPage />;
  return <AdminPage />;
}
