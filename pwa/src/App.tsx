import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Layout } from './components/Layout';
import { ScrollToHash } from './components/ScrollToHash';
import { Toaster } from './components/toast';
import { ConsoleLoading } from './features/admin/ConsoleFrame';
import { HomeRoute } from './features/home/HomePage';
import { lazyWithQueries } from './lib/lazyWithQueries';
import { roleHint } from './lib/pageHints';
import { SyncRoot } from './sync/SyncRoot';
import i18n from './i18n';
import routeNamespaces from './route-namespaces.json';

/** A lazy page that appears with every translation namespace its components use (the build
 *  checks the list: scripts/route-shells.mjs), so no part of it suspends once it is shown. */
function page(segment: keyof typeof routeNamespaces, load: () => Promise<ComponentType>) {
  return lazyWithQueries(() => Promise.all([load(), i18n.loadNamespaces(routeNamespaces[segment])]).then(([component]) => component));
}

// The site's routes. `/` and `/home` (the landing page or the member home) are
// in the first bundle; every other page is its own chunk (React.lazy, with the query client),
// so the landing route stays within its size budget (docs/performance.md).
const NotFoundPage = lazy(() => import('./features/notfound/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const EventsPage = page('events', () => import('./features/events/EventsPage').then((m) => m.EventsPage));
const EventPage = page('event', () => import('./features/events/EventPage').then((m) => m.EventPage));
const ReservationPage = page('reservations', () => import('./features/courts/ReservationPage').then((m) => m.ReservationPage));
const DayCampsPage = page('day-camps', () => import('./features/daycamps/DayCampsPage').then((m) => m.DayCampsPage));
const CheckoutPage = page('checkout', () => import('./features/checkout/CheckoutPage').then((m) => m.CheckoutPage));
const MyRegistrationsPage = page('my-registrations', () =>
  import('./features/my-registrations/MyRegistrationsPage').then((m) => m.MyRegistrationsPage),
);
const AdminRoute = page('admin', () => import('./features/admin/AdminRoute').then((m) => m.AdminRoute));
const OfferPage = page('offers', () => import('./features/waitlist/OfferPage').then((m) => m.OfferPage));
const ProfilePage = page('profile', () => import('./features/profile/ProfilePage').then((m) => m.ProfilePage));
const CampStaffPage = page('animation', () => import('./features/camp-staff/CampStaffPage').then((m) => m.CampStaffPage));
const PrivacyPage = page('confidentialite', () => import('./features/privacy/PrivacyPage').then((m) => m.PrivacyPage));
const MyDataPage = page('mes-donnees', () => import('./features/privacy/MyDataPage').then((m) => m.MyDataPage));

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="mx-auto max-w-3xl px-4 py-16 text-slate-700">
      {t('loading')}
    </div>
  );
}

function Page({ children, loading = <PageLoading /> }: { children: ReactNode; loading?: ReactNode }) {
  return <Suspense fallback={loading}>{children}</Suspense>;
}

export function App() {
  return (
    <>
      <ScrollToHash />
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomeRoute />} />
          <Route path="home" element={<HomeRoute />} />
          <Route path="events" element={<Page><EventsPage /></Page>} />
          <Route path="reservations" element={<Page><ReservationPage /></Page>} />
          <Route path="day-camps" element={<Page><DayCampsPage /></Page>} />
          <Route path="checkout" element={<Page><CheckoutPage /></Page>} />
          <Route path="my-registrations" element={<Page><MyRegistrationsPage /></Page>} />
          <Route path="event/:eventId" element={<Page><EventPage /></Page>} />
          <Route path="admin" element={<Page loading={roleHint() ? <ConsoleLoading /> : undefined}><AdminRoute /></Page>} />
          <Route path="profile" element={<Page><ProfilePage /></Page>} />
          <Route path="animation" element={<Page><CampStaffPage /></Page>} />
          <Route path="confidentialite" element={<Page><PrivacyPage /></Page>} />
          <Route path="mes-donnees" element={<Page><MyDataPage /></Page>} />
          <Route path="offers/:offerId" element={<Page><OfferPage /></Page>} />
          <Route path="*" element={<Page><NotFoundPage /></Page>} />
        </Route>
      </Routes>
      <Toaster />
      {/* The offline sync of an admin's scores and a counsellor's attendance, once for the whole app. */}
      <SyncRoot />
    </>
  );
}
