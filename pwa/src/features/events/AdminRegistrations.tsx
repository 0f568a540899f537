// The registrations panel of an event in the console's Événements tab: the
// count, the xlsx export, and per registration its people, payment badge and reference, the
// payment actions and 'Supprimer l'inscription'.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { RegistrationPaymentActions } from '../../components/PaymentActions';
import { PaidByNote } from '../../components/PaidByNote';
import { PaymentBadge } from '../../components/PaymentBadge';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate, formatLongDateTime, formatPrice } from '../../lib/format';
import { useDeleteRegistration, useExportRegistrations, useSetPaymentStatus } from './mutations';
import { namedMembers, useEventRegistrations, type AdminEvent, type Registration } from './queries';

export function RegistrationsPanel({ event }: { event: AdminEvent }) {
  const { t } = useTranslation('events');
  const registrations = useEventRegistrations(event.id, true);
  const exporter = useExportRegistrations();
  const list = registrations.data ?? [];
  return (
    <div className="mt-4 rounded-lg bg-slate-50 p-4" data-testid="registrations-panel">
      <QueryStatus query={registrations} error={t('loadError')}>
        {() => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium">{t('admin.found', { count: list.length })}</p>
              {list.length > 0 && (
                <Button
                  variant="primary"
                  size="sm"
                  disabled={exporter.isPending}
                  onClick={() => exporter.mutate(event.id)}
                >
                  {exporter.isPending ? t('admin.exporting') : t('admin.export')}
                </Button>
              )}
            </div>
            {list.length === 0 ? (
              <p className="mt-3 text-slate-700">{t('admin.noRegistrations')}</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {list.map((r) => (
                  <RegistrationItem key={r.id} registration={r} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryStatus>
    </div>
  );
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

function RegistrationItem({ registration: r }: { registration: Registration }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language;
  const remove = useDeleteRegistration();
  const payment = useSetPaymentStatus();
  const team = r.kind === 'team';
  const name = team ? (r.teamName ?? `#${r.teamNumber ?? ''}`) : fullName(r.firstName, r.lastName);
  const confirmText = team ? t('admin.confirmDeleteTeam', { team: name }) : t('admin.confirmDeleteIndividual', { name });
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-testid="admin-registration">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{name}</span>
        <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold">{team ? t('admin.teamBadge') : t('admin.individualBadge')}</span>
        <PaymentBadge status={r.paymentStatus} amountDue={r.amountDue} />
        <span className="text-sm text-slate-600">{t('admin.registeredOn', { date: formatLongDateTime(r.createdAt, lang) })}</span>
      </div>
      {team ? (
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          <div className="rounded border border-slate-200 p-2 text-sm">
            <p className="font-semibold">{t('admin.captain')}</p>
            <p>{fullName(r.captainFirstName, r.captainLastName)}</p>
            {r.captainEmail && <p className="text-slate-700">{r.captainEmail}</p>}
          </div>
          {namedMembers(r, 4).map((m) => (
            <div key={m.n} className="rounded border border-slate-200 p-2 text-sm">
              <p className="font-semibold">{t('admin.member', { n: m.n })}</p>
              <p>{fullName(m.firstName, m.lastName)}</p>
              {m.email && <p className="text-slate-700">{m.email}</p>}
            </div>
          ))}
        </div>
      ) : (
        <div className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          <div className="rounded border border-slate-200 p-2">
            <p className="font-semibold">{t('admin.contact')}</p>
            {r.email && <p>{r.email}</p>}
            {r.phone && <p>{r.phone}</p>}
          </div>
          <div className="rounded border border-slate-200 p-2">
            <p className="font-semibold">{t('admin.details')}</p>
            <p>{formatDate(r.createdAt, lang)}</p>
            <p>
              <PaymentBadge status={r.paymentStatus} amountDue={r.amountDue} />
            </p>
          </div>
        </div>
      )}
      {r.notes && (
        <p className="mt-2 text-sm">{t('admin.notes', { notes: r.notes })}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-800">
        <span>{t('admin.reference', { reference: r.paymentReference })}</span>
        <span>{t('admin.amountDue', { amount: formatPrice(r.amountDue, lang), people: r.peopleCount })}</span>
      </div>
      <PaidByNote paidBy={r.paidBy} />
      <div className="mt-3 flex flex-wrap gap-2">
        <RegistrationPaymentActions registration={r} name={name} change={payment} />
        <Button
          variant="danger"
          size="sm"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(confirmText)) remove.mutate(r);
          }}
        >
          {t('admin.deleteRegistration')}
        </Button>
      </div>
    </li>
  );
}
