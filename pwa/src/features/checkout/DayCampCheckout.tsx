// /checkout?type=daycamp&id={id}&amount={amountPaid}: the amount in the query is only what the
// page was told; the parent's own registration, read from the server, is what is shown.
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/session';
import { weekNumber, weekRange } from '../../lib/dates';
import { useMyDayCampRegistration } from '../daycamps/queries';
import { PaymentSummary } from './PaymentSummary';
import { RegistrationCheckout } from './RegistrationCheckout';

export function DayCampCheckout({ id, queryAmount }: { id: string; queryAmount: string | null }) {
  const { t, i18n } = useTranslation('checkout');
  const { t: tc } = useTranslation('daycamps');
  const { isSignedIn } = useCurrentUser();
  const registration = useMyDayCampRegistration(id, isSignedIn);
  const lang = i18n.language;
  return (
    <RegistrationCheckout query={registration}>
      {(r) => (
        <PaymentSummary
          amount={r.amountPaid}
          reference={r.paymentReference}
          status={r.paymentStatus}
          interacEmail={r.interacEmail}
          corrected={queryAmount !== null && Number(queryAmount) !== r.amountPaid}
        >
          <dt className="font-semibold text-slate-700">{t('summary.for')}</dt>
          <dd>
            {t('summary.dayCamp', {
              child: `${r.childFirstName} ${r.childLastName}`,
              program: tc(`programs.${r.programId}.name`, { defaultValue: r.programName }),
            })}
          </dd>
          {r.weeks.length > 0 && (
            <>
              <dt className="font-semibold text-slate-700">{t('summary.weeks', { count: r.weeks.length })}</dt>
              <dd>
                <ul>
                  {r.weeks.map((w) => (
                    <li key={w.id}>{tc('form.weekLabel', { n: weekNumber(w.label), dates: weekRange(w.startDate, w.endDate, lang) })}</li>
                  ))}
                </ul>
              </dd>
            </>
          )}
        </PaymentSummary>
      )}
    </RegistrationCheckout>
  );
}
