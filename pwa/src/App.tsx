import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Layout } from './components/Layout';
import { ScrollToHash } from './components/ScrollToHash';
import { Toaster } from './components/toast';
import { HomeRoute } from './features/home/HomePage';

// Routes of product-spec section 2. `/` and `/home` (the landing page or the member home) are
// in the first bundle; every other page is its own chunk (React.lazy), so the landing route
// stays within its size budget (README, Performance).
const NotFoundPage = lazy(() => import('./features/notfound/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const EventsPage = lazy(() => import('./features/events/EventsPage').then((m) => ({ default: m.EventsPage })));
const EventPage = lazy(() => import('./features/events/EventPage').then((m) => ({ default: m.EventPage })));
const ReservationPage = lazy(() => import('./features/courts/ReservationPage').then((m) => ({ default: m.ReservationPage })));
const DayCampsPage = lazy(() => import('./features/daycamps/DayCampsPage').then((m) => ({ default: m.DayCampsPage })));
const CheckoutPage = lazy(() => import('./features/checkout/CheckoutPage').then((m) => ({ default: m.CheckoutPage })));
const MyRegistrationsPage = lazy(() =>
  import('./features/my-registrations/MyRegistrationsPage').then((m) => ({ default: m.MyRegistrationsPage })),
);
const AdminRoute = lazy(() => import('./features/admin/AdminRoute').then((m) => ({ default: m.AdminRoute })));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="mx-auto max-w-3xl px-4 py-16 text-slate-700">
      {t('loading')}
    </div>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
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
          <Route path="admin" element={<Page><AdminRoute /></Page>} />
          <Route path="profile" element={<Page><ProfilePage /></Page>} />
          <Route path="*" element={<Page><NotFoundPage /></Page>} />
        </Route>
      </Routes>
      <Toaster />
    </>
  );
}
