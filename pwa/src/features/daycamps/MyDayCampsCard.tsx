// The day-camp card of /my-registrations: per registration the child, the program, the weeks,
// the amount and the payment status (with the Interac reference while pending), and its health
// form; the empty state links to /day-camps.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../components/ListCard';
import { PaymentBadge } from '../../components/PaymentBadge';
import { isOwing } from '../../components/paymentState';
import { formatDate, formatPrice } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { weekNumber, weekRange } from '../../lib/dates';
import { AbsenceNoticeButton } from './absence/AbsenceNoticeButton';
import { MyHealthFormButton } from './health/MyHealthFormDialog';
import { MyPayersButton } from './payers/MyPayersDialog';
import { useMyDayCampRegistrations, type MyDayCampRegistration } from './queries';

export function MyDayCampsCard() {
  const { t } = useTranslation('daycamps');
  const { isSignedIn } = useCurrentUser();
  const registrations = useMyDayCampRegistrations(isSignedIn);
  return (
    <ListCard
      id="my-day-camps"
      title={t('mine.title')}
      query={registrations}
      error={t('mine.loadError')}
      empty={{ text: t('mine.empty'), action: t('mine.browse'), to: '/day-camps' }}
    >
      {(list) => (
        <ul className="mt-4 space-y-4">
          {list.map((r) => (
            <Item key={r.id} registration={r} />
          ))}
        </ul>
      )}
    </ListCard>
  );
}

function Item({ registration: r }: { registration: MyDayCampRegistration }) {
  const { t, i18n } = useTranslation('daycamps');
  const lang = i18n.language;
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="my-day-camp">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-lg font-semibold">
            {r.childFirstName} {r.childLastName}
          </p>
          <p className="text-slate-800">{t(`programs.${r.programId}.name`, { defaultValue: r.programName })}</p>
        </div>
        <PaymentBadge status={r.paymentStatus} amountDue={r.amountPaid} size="md" />
      </div>
      {/* An expired or refunded registration gave its weeks back. */}
      {r.weeks.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-700">{t('mine.weeks', { count: r.weeks.length })}</h3>
          <ul className="mt-1 list-disc pl-5">
            {r.weeks.map((w) => (
              <li key={w.id}>{t('form.weekLabel', { n: weekNumber(w.label), dates: weekRange(w.startDate, w.endDate, lang) })}</li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-3 font-semibold">{t('mine.amount', { amount: formatPrice(r.amountPaid, lang) })}</p>
      {isOwing(r.paymentStatus, r.amountPaid) && (
        <p className="mt-1 text-sm text-slate-700">
          {t('mine.howToPay', { email: r.interacEmail, reference: r.paymentReference })}{' '}
          <Link to={`/checkout?type=daycamp&id=${r.id}&amount=${r.amountPaid}`} className="font-semibold text-lake-600 underline">
            {t('mine.payment')}
          </Link>
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">{t('mine.createdOn', { date: formatDate(r.createdAt, lang) })}</p>
      {r.weeks.length > 0 && (
        <div className="flex flex-wrap gap-x-2">
          <MyHealthFormButton id={r.id} child={`${r.childFirstName} ${r.childLastName}`} />
          <MyPayersButton id={r.id} child={`${r.childFirstName} ${r.childLastName}`} />
          <AbsenceNoticeButton id={r.id} child={`${r.childFirstName} ${r.childLastName}`} lastDay={r.weeks.reduce((last, w) => (w.endDate > last ? w.endDate : last), '')} />
        </div>
      )}
    </li>
  );
}
