// The console at /admin: a spinner while the role checks load, 'Accès refusé'
// for users with neither role, otherwise the title for the role and its tabs, grouped into
// sections (consoleSections.ts, ConsoleTabs.tsx). Supervisors get the Réservations tab only;
// admins get all eleven (Réservations, Événements, Tournois, Membres, Administrateurs and
// Superviseurs; 'Camps de jour', where the centre sees who is coming to
// day camp, 'Paiements', where unpaid registrations are followed up, 'Listes d'attente', where
// the waiting lists are run, 'Confidentialité', the privacy duties, and 'Animateurs', the camp
// staff and their weeks). The chosen tab is kept in ?tab= so that a reload or a shared link opens
// the same tab. The server enforces every rule again.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/Button';
import { usePageMeta } from '../../components/usePageMeta';
import { useRoles } from '../auth/session';
import { AdminEventsTab } from '../events/AdminEventsTab';
import { AdminBookingsTab } from '../courts/AdminBookingsTab';
import { AdminDayCampsTab } from '../daycamps/AdminDayCampsTab';
import { AdminWaitlistsTab } from '../waitlist/AdminWaitlistsTab';
import { Spinner } from '../../components/Spinner';
import { ConsoleFrame, ConsoleLoading } from './ConsoleFrame';
import type { TabId } from './consoleSections';
import { CampStaffTab } from './CampStaffTab';
import { GrantsTab } from './GrantsTab';
import { MembersTab } from './MembersTab';

// The Tournois tab is the largest: its own chunk, loaded when an admin opens it; so is the
// Paiements tab, which only admins ever load.
const AdminTournamentsTab = lazy(() =>
  import('../tournaments/AdminTournamentsTab').then((m) => ({ default: m.AdminTournamentsTab })),
);
// The Ligues tab: only admins who run a league load it.
const AdminLeaguesTab = lazy(() => import('../leagues/AdminLeaguesTab').then((m) => ({ default: m.AdminLeaguesTab })));
const AdminPaymentsTab = lazy(() => import('../payments/AdminPaymentsTab').then((m) => ({ default: m.AdminPaymentsTab })));
// 'Confidentialité' (Loi 25): the deletion queue, the incidents register, the person in charge.
const AdminPrivacyTab = lazy(() => import('../privacy/AdminPrivacyTab').then((m) => ({ default: m.AdminPrivacyTab })));

function AccessDenied() {
  const { t } = useTranslation('admin');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t('denied.title')}</h1>
      <p className="mt-4 text-slate-700">{t('denied.message')}</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>
        {t('denied.home')}
      </Link>
    </section>
  );
}

function TabPanel({ tab }: { tab: TabId }) {
  const { t } = useTranslation('admin');
  switch (tab) {
    case 'admins':
      return <GrantsTab role="admin" />;
    case 'supervisors':
      return <GrantsTab role="supervisor" />;
    case 'campStaff':
      return <CampStaffTab />;
    case 'members':
      return <MembersTab />;
    case 'bookings':
      return <AdminBookingsTab />;
    case 'events':
      return <AdminEventsTab />;
    case 'dayCamps':
      return <AdminDayCampsTab />;
    case 'waitlists':
      return <AdminWaitlistsTab />;
    case 'tournaments':
      return (
        <Suspense fallback={<Spinner label={t('grants.loading')} />}>
          <AdminTournamentsTab />
        </Suspense>
      );
    case 'leagues':
      return (
        <Suspense fallback={<Spinner label={t('grants.loading')} />}>
          <AdminLeaguesTab />
        </Suspense>
      );
    case 'payments':
      return (
        <Suspense fallback={<Spinner label={t('grants.loading')} />}>
          <AdminPaymentsTab />
        </Suspense>
      );
    case 'privacy':
      return (
        <Suspense fallback={<Spinner label={t('grants.loading')} />}>
          <AdminPrivacyTab />
        </Suspense>
      );
  }
}

export function AdminPage() {
  const { t } = useTranslation('admin');
  const { isLoading, isAdmin, isSupervisor } = useRoles();
  const role = isAdmin ? 'admin' : 'supervisor';
  const denied = !isLoading && !isAdmin && !isSupervisor;
  // One title for the page, set here: a child's would be overwritten by this one.
  const title = isLoading
    ? t('console.checking', { ns: 'common' })
    : denied
      ? t('denied.title')
      : t(`console.${role}`, { ns: 'common' });
  usePageMeta(title);
  if (isLoading) return <ConsoleLoading />;
  if (denied) return <AccessDenied />;
  return <ConsoleFrame role={role} panel={(tab) => <TabPanel tab={tab} />} />;
}
