// The Paiements tab's unpaid registrations, oldest first: type, name, event or program,
// reference, amount, registration date (centre time), days since, reminders sent (and the next
// one), deadline; 'Équipe en tournoi' on a team past its deadline that a started tournament
// keeps (the admin decides).
import { useTranslation } from 'react-i18next';
import { formatDeadline } from '../../lib/dates';
import { formatDateTime } from '../../lib/format';
import type { UnpaidRegistration } from './queries';
import { RegistrationCells, RegistrationsTable } from './RegistrationsTable';
import { amountCell, cell } from './Table';

export function UnpaidTable({ rows }: { rows: UnpaidRegistration[] }) {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'payments' });
  const lang = i18n.language;
  const held = rows.some((r) => r.heldByTournament);
  return (
    <section aria-labelledby="unpaid-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="unpaid-title" className="text-lg font-semibold">
          {t('unpaid.title')}
        </h3>
        <p className="text-sm text-slate-700" data-testid="unpaid-count">
          {t('unpaid.count', { count: rows.length })}
        </p>
      </div>
      <RegistrationsTable
        count={rows.length}
        empty={t('unpaid.empty')}
        caption={t('unpaid.caption')}
        testId="unpaid-table"
        headers={[t('unpaid.registeredAt'), t('unpaid.daysSince'), t('unpaid.reminders'), t('unpaid.deadline')]}
      >
        {rows.map((r) => (
          <tr key={`${r.kind}-${r.id}`} className="border-b border-slate-200" data-testid="unpaid-row">
            <RegistrationCells row={r}>
              {r.heldByTournament && (
                <span className="mt-1 flex w-fit items-center gap-1 rounded border border-amber-500 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
                  <span aria-hidden="true">⚠</span>
                  {t('unpaid.heldByTournament')}
                </span>
              )}
            </RegistrationCells>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(r.registeredAt, lang)}</td>
            <td className={amountCell}>{r.daysSince}</td>
            <td className={cell}>
              <span className="tabular-nums">{r.remindersSent}</span>
              {r.nextReminderAt && (
                <span className="block text-xs whitespace-nowrap text-slate-600">
                  {t('unpaid.nextReminder', { date: formatDateTime(r.nextReminderAt, lang) })}
                </span>
              )}
            </td>
            <td className={`${cell} whitespace-nowrap`}>{r.deadline ? formatDeadline(r.deadline, lang) : t('unpaid.noDeadline')}</td>
          </tr>
        ))}
      </RegistrationsTable>
      {held && (
        <p className="mt-2 text-sm text-slate-700">
          <span aria-hidden="true">⚠ </span>
          {t('unpaid.heldByTournamentHint')}
        </p>
      )}
    </section>
  );
}
