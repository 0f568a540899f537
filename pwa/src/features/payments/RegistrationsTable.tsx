// What the Paiements tab's lists of registrations (unpaid, expired) share: the empty note when
// there are none, else a table whose first columns are the same (type, name, event or program,
// reference, amount), followed by the list's own.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../lib/format';
import type { UnpaidRegistration } from './queries';
import { amountCell, cell, stickyNameCell, Table } from './Table';
import { useRegistrationTitle } from './useRegistrationTitle';

export function RegistrationsTable({
  count,
  empty,
  caption,
  testId,
  headers,
  children,
}: {
  count: number;
  /** Translated note shown when `count` is 0. */
  empty: string;
  caption: string;
  testId: string;
  /** The list's own column headers, after the shared ones. */
  headers: ReactNode[];
  /** The rows, each starting with `RegistrationCells`. */
  children: ReactNode;
}) {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  if (count === 0) return <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{empty}</p>;
  return (
    <Table
      caption={caption}
      testId={testId}
      sticky={1}
      headers={[t('unpaid.type'), t('unpaid.name'), t('unpaid.for'), t('unpaid.reference'), t('unpaid.amount'), ...headers]}
    >
      {children}
    </Table>
  );
}

/** A row's shared cells; `children` goes under the name (a note on it). */
export function RegistrationCells({
  row,
  children,
}: {
  row: Pick<UnpaidRegistration, 'kind' | 'name' | 'title' | 'reference' | 'amountDue'>;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'payments' });
  const titleOf = useRegistrationTitle();
  return (
    <>
      <td className={cell}>{t(`kind.${row.kind}`)}</td>
      <th scope="row" className={stickyNameCell}>
        {row.name}
        {children}
      </th>
      <td className={cell}>{titleOf(row.kind, row.title)}</td>
      <td className={`${cell} font-mono whitespace-nowrap`}>{row.reference}</td>
      <td className={amountCell}>{formatPrice(row.amountDue, i18n.language)}</td>
    </>
  );
}
