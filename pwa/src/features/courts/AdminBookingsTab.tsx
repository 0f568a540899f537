// The Réservations tab of /admin: filters by day (typed dd/MM/yyyy) and status with reset, the
// four counters, the result count and every booking. Admins get 'Annuler' on confirmed bookings
// after the browser's confirmation; supervisors read only (the server refuses them anyway).
// Filtering runs on the server, in SQL.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { DayField } from '../../components/form/DayField';
import { Select } from '../../components/form/Select';
import { parseDayInput } from '../../lib/dates';
import { formatDate, formatDateTime } from '../../lib/format';
import { useRoles } from '../auth/session';
import { CancelBookingButton, durationText, StatusBadge } from './BookingBadges';
import { bookingCourt, useCourtName } from './courtName';
import { useCancelBooking } from './mutations';
import type { RegistrationStatus } from '../../api/types';
import { useAdminBookings, type AdminFilters, type CourtBooking, type StatusFilter } from './queries';
import { QueryStatus } from '../../components/QueryStatus';

/** A booking's states, in the filter's order: `tsc` fails when one is missing or not the contract's. */
const BOOKING_STATES = { confirmed: true, pending: true, cancelled: true } satisfies Record<RegistrationStatus, true>;
const STATUSES: StatusFilter[] = ['all', ...(Object.keys(BOOKING_STATES) as RegistrationStatus[])];
const NO_FILTERS: AdminFilters = { date: '', status: 'all' };

export function AdminBookingsTab() {
  const { t } = useTranslation('courts');
  const { isAdmin } = useRoles();
  const [filters, setFilters] = useState<AdminFilters>(NO_FILTERS);
  // The day as typed filters once it reads as a day; until then, every day.
  const dayTyped = filters.date === '' || parseDayInput(filters.date) !== null;
  const list = useAdminBookings(dayTyped ? filters : { ...filters, date: '' });
  const data = list.data;
  const counts = data?.counts;
  return (
    <section aria-labelledby="admin-bookings">
      <h2 id="admin-bookings" className="text-xl font-semibold">
        {t('admin.heading')}
      </h2>
      <form
        aria-label={t('admin.filters')}
        className="mt-4 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 p-4"
        onSubmit={(event) => event.preventDefault()}
        onReset={() => setFilters(NO_FILTERS)}
      >
        <DayField
          name="date"
          label={t('admin.date')}
          value={filters.date}
          onValueChange={(date) => setFilters((f) => ({ ...f, date }))}
          inputClassName="min-h-11"
        />
        <Select
          name="status"
          label={t('admin.status')}
          value={filters.status}
          onValueChange={(status) => setFilters((f) => ({ ...f, status: status as StatusFilter }))}
          selectClassName="min-h-11"
        >
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status === 'all' ? t('admin.statusAll') : t(`status.${status}`)}
            </option>
          ))}
        </Select>
        <Button type="reset">
          {t('admin.reset')}
        </Button>
      </form>

      {counts && (
        <dl aria-label={t('admin.counts.label')} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="booking-counters">
          {(['total', 'confirmed', 'pending', 'cancelled'] as const).map((key) => (
            <div key={key} className="rounded-xl border border-slate-200 p-4 text-center">
              <dt className="text-sm text-slate-600">{t(`admin.counts.${key}`)}</dt>
              <dd className="text-2xl font-bold" data-counter={key}>
                {counts[key]}
              </dd>
            </div>
          ))}
        </dl>
      )}

      <QueryStatus query={list} className="mt-6" error={t('admin.loadError')}>
        {(result) => (
          <>
            <p className="mt-6 font-semibold" role="status" data-testid="booking-results">
              {t('admin.results', { count: result.matched })}
            </p>
            {result.matched > result.bookings.length && <p className="text-sm text-slate-600">{t('admin.truncated', { shown: result.bookings.length })}</p>}
            {!isAdmin && <p className="mt-1 text-sm text-slate-600">{t('admin.readOnly')}</p>}
            {result.bookings.length === 0 ? (
              <p className="mt-4 rounded border border-slate-200 p-6 text-center text-slate-700">{t('admin.empty')}</p>
            ) : (
              <ul className="mt-4 space-y-3">
                {result.bookings.map((booking) => (
                  <AdminBookingItem key={booking.id} booking={booking} canCancel={isAdmin} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function AdminBookingItem({ booking: b, canCancel }: { booking: CourtBooking; canCancel: boolean }) {
  const { t, i18n } = useTranslation('courts');
  const lang = i18n.language;
  const cancel = useCancelBooking();
  const courtName = useCourtName();
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="admin-booking">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-lg font-semibold">
          {b.firstName} {b.lastName}
        </p>
        <StatusBadge status={b.status} />
      </div>
      <div className="mt-2 grid gap-1 text-sm text-slate-800 sm:grid-cols-2">
        <p>{t('admin.email', { email: b.email })}</p>
        <p>{t('admin.phone', { phone: b.phone })}</p>
        <p>{t('admin.court', { court: courtName(bookingCourt(b)) })}</p>
        <p>{t('admin.start', { date: formatDateTime(b.startTime, lang) })}</p>
        <p>{durationText(t, b.startTime, b.endTime)}</p>
        <p className="text-slate-600">{t('admin.createdOn', { date: formatDate(b.createdAt, lang) })}</p>
      </div>
      {canCancel && b.status === 'confirmed' && (
        <CancelBookingButton booking={b} cancel={cancel} />
      )}
    </li>
  );
}
