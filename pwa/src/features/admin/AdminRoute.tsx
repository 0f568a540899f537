// /admin exists only for a signed-in user (spec section 2's route table): signed out, the path
// shows the not-found screen. While the sign-in status loads we show the console's spinner
// rather than a 404 that would flash before the console of a signed-in admin.
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../notfound/NotFoundPage';
import { useCurrentUser } from '../auth/queries';
import { AdminPage, Spinner } from './AdminPage';

export function AdminRoute() {
  const { t } = useTranslation('admin');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label={t('loading')} />;
  if (!user) return <NotFoundPage />;
  return <AdminPage />;
}
