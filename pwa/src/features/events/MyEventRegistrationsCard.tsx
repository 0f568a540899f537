import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../components/ListCard';
import { PaymentBadge } from '../../components/PaymentBadge';
import { isOwing } from '../../components/paymentState';
import { formatDate, formatLongDateTime, formatPrice } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { namedMembers, useMyEventRegistrations, type UserEventRegistration } from './queries';

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** The event registrations card of /my-registrations. */
export function MyEventRegistrationsCard() {
  const { t } = useTranslation('events');
  const { isSignedIn } = useCurrentUser();
  const registrations = useMyEventRegistrations(isSignedIn);
  return (
    <ListCard
      id="my-event-registrations"
      title={t('mine.title')}
      query={registrations}
      error={t('loadError')}
      empty={{ text: t('mine.empty'), action: t('mine.browse'), to: '/events' }}
    >
      {(all) => <Registrations all={all} />}
    </ListCard>
  );
}

function Registrations({ all }: { all: UserEventRegistration[] }) {
  const { t } = useTranslation('events');
  const upcoming = all.filter((r) => !r.isPast);
  const past = all.filter((r) => r.isPast);
  return (
    <>
      {upcoming.length > 0 && (
        <ul className="mt-4 space-y-4">
          {upcoming.map((r) => (
            <RegistrationItem key={r.id} registration={r} />
          ))}
        </ul>
      )}
      {past.length > 0 && (
        <details className="mt-6">
          <summary className="cursor-pointer font-semibold">{t('mine.past', { count: past.length })}</summary>
          <ul className="mt-3 space-y-4">
            {past.map((r) => (
              <RegistrationItem key={r.id} registration={r} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function RegistrationItem({ registration: r }: { registration: UserEventRegistration }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language;
  const title = (lang.startsWith('en') && r.eventTitleEn) || r.eventTitle;
  const owing = isOwing(r.paymentStatus, r.amountDue);
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="my-event-registration">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Link to={`/event/${r.eventId}`} className="text-lg font-semibold text-brand-800 underline">
            {title}
          </Link>
          <p className="text-sm text-slate-700">{formatLongDateTime(r.eventStartDate, lang)}</p>
        </div>
        <div className="flex flex-wrap gap-2 text-sm">
          {r.isPast ? (
            <span className="rounded bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">{t('mine.finished')}</span>
          ) : (
            <span
              className={`rounded px-2 py-0.5 font-semibold ${
                r.status === 'confirmed' ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-800'
              }`}
            >
              {t(`mine.status.${r.status}`, { defaultValue: t('mine.status.pending') })}
            </span>
          )}
          <PaymentBadge status={r.paymentStatus} amountDue={r.amountDue} size="md" />
        </div>
      </div>
      <p className="mt-2 font-medium">
        {r.teamName ? t('mine.team', { team: r.teamName }) : t('mine.teamNumber', { n: r.teamNumber ?? '' })}
      </p>
      <p className="text-sm">{t('mine.captain', { name: fullName(r.captainFirstName, r.captainLastName) })}</p>
      {namedMembers(r).length > 0 && (
        <div className="mt-1 text-sm">
          <p className="font-medium">{t('mine.members')}</p>
          <ul className="pl-4">
            {namedMembers(r).map((m) => (
              <li key={m.n}>{t('mine.member', { n: m.n, name: fullName(m.firstName, m.lastName) })}</li>
            ))}
          </ul>
        </div>
      )}
      {owing && !r.isPast && (
        <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-950">
          {t('mine.toPay', { amount: formatPrice(r.amountDue, lang), reference: r.paymentReference })}{' '}
          <Link to={`/checkout?type=event&id=${r.id}`} className="font-semibold text-lake-600 underline">
            {t('mine.paymentDetails')}
          </Link>
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">{t('mine.registeredOn', { date: formatDate(r.registrationDate, lang) })}</p>
      {r.notes && <p className="mt-1 text-sm">{t('mine.notes', { notes: r.notes })}</p>}
    </li>
  );
}
