import { Route, Routes } from 'react-router';
import { Layout } from './components/Layout';
import { LandingPage } from './features/landing/LandingPage';
import { NotFoundPage } from './features/notfound/NotFoundPage';
import { PlaceholderPage } from './features/placeholder/PlaceholderPage';

// Routes of product-spec section 2. Pages not built yet are titled placeholders, each owned by
// a later issue (events #6, reservations #7, day camps and checkout #8, admin #3).
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        <Route path="home" element={<LandingPage />} />
        <Route path="events" element={<PlaceholderPage titleKey="pages.events" />} />
        <Route path="reservations" element={<PlaceholderPage titleKey="pages.reservations" />} />
        <Route path="day-camps" element={<PlaceholderPage titleKey="pages.dayCamps" />} />
        <Route path="checkout" element={<PlaceholderPage titleKey="pages.checkout" />} />
        <Route path="my-registrations" element={<PlaceholderPage titleKey="pages.myRegistrations" />} />
        <Route path="event/:eventId" element={<PlaceholderPage titleKey="pages.event" />} />
        <Route path="admin" element={<PlaceholderPage titleKey="pages.admin" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
