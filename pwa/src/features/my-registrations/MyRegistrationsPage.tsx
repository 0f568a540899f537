import { useTranslation } from 'react-i18next';
import { SignInRequired } from '../../components/SignInRequired';
import { usePageMeta } from '../../components/usePageMeta';
import { useCurrentUser } from '../auth/session';
import { MyCourtBookingsCard } from '../courts/MyCourtBookingsCard';
import { useMyCourtBookings } from '../courts/queries';
import { MyDayCampsCard } from '../daycamps/MyDayCampsCard';
import { useMyDayCampRegistrations } from '../daycamps/queries';
import { MyEventRegistrationsCard } from '../events/MyEventRegistrationsCard';
import { useMyEventRegistrations } from '../events/queries';
import { MyWaitlistCard } from '../waitlist/MyWaitlistCard';
import { useMyWaitlist } from '../waitlist/queries';

/** /my-registrations: one card per feature (court bookings, events, day
 * camps, waiting lists), each owned by its feature; signed out, 'Connexion requise' and the login link. */
export function MyRegistrationsPage() {
  const { t } = useTranslation('myRegistrations');
  usePageMeta(t('title'), t('description'));
  const { user, isLoading } = useCurrentUser();
  // The three lists arrive together: a card that grew while another was still loading would
  // push the cards below it. Until then, a screen-tall placeholder keeps the footer out of view.
  const signedIn = !!user;
  const lists = [useMyCourtBookings(signedIn), useMyEventRegistrations(signedIn), useMyDayCampRegistrations(signedIn), useMyWaitlist(signedIn)];
  if (isLoading || lists.some((list) => list.isLoading)) {
    return (
      <p role="status" className="mx-auto min-h-[100svh] max-w-3xl px-4 py-16 text-slate-700">
        {t('loading')}
      </p>
    );
  }
  if (!user) return <SignInRequired text={t('signedOut.text')} returnTo="/my-registrations" />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('title')}</h1>
      <div className="mt-8 space-y-8">
        <MyCourtBookingsCard />
        <MyEventRegistrationsCard />
        <MyDayCampsCard />
        <MyWaitlistCard />
      </div>
    </div>
  );
}
