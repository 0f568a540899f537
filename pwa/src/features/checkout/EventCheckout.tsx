// /checkout?type=event&id={registrationId}, where a member lands after registering a team: the
// event and the team, then the amount, the reference and the Interac steps from the server
// (GET /api/user/event-registrations/{id}, the member's own registration only).
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/session';
import { useMyEventCheckout } from '../events/checkoutQuery';
import { PaymentSummary } from './PaymentSummary';
import { RegistrationCheckout } from './RegistrationCheckout';

export function EventCheckout({ id }: { id: string }) {
  const { t, i18n } = useTranslation('checkout');
  const { isSignedIn } = useCurrentUser();
  const registration = useMyEventCheckout(id, isSignedIn);
  const en = i18n.language.startsWith('en');
  return (
    <RegistrationCheckout query={registration}>
      {(r) => (
        <PaymentSummary amount={r.amountDue} reference={r.paymentReference} status={r.paymentStatus} interacEmail={r.interacEmail}>
          <dt className="font-semibold text-slate-700">{t('summary.event')}</dt>
          <dd>{(en && r.eventTitleEn) || r.eventTitle}</dd>
          <dt className="font-semibold text-slate-700">{t('summary.team')}</dt>
          <dd>{r.teamName}</dd>
        </PaymentSummary>
      )}
    </RegistrationCheckout>
  );
}
