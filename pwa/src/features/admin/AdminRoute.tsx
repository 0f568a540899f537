// /admin exists only for a signed-in user (spec section 2's route table): signed out, the path
// shows the not-found screen. While the sign-in status loads we show the console's spinner
// rather than a 404 that would flash before the console of a signed-in admin (its frame when
// the server said the role: ConsoleFrame.tsx).
import { NotFoundPage } from '../notfound/NotFoundPage';
import { useCurrentUser } from '../auth/session';
import { AdminPage } from './AdminPage';
import { ConsoleLoading } from './ConsoleFrame';

export function AdminRoute() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <ConsoleLoading />;
  if (!user) return <NotFoundPage />;
  return <AdminPage />;
}
