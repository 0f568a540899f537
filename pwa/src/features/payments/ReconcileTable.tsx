// The transfers read from the pasted text, one line each: whether it can be confirmed (only an
// exact match can, and is checked to begin with), its status, the transfer (date, sender,
// amount, message) and the registration its reference names.
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/form/Checkbox';
import { PaymentBadge } from '../../components/PaymentBadge';
import { formatDay, formatPrice } from '../../lib/format';
import type { ReconcileLine } from './queries';
import { isSelectable, outcomeDetail, outcomeLabel, outcomeTone, type Tone } from './reconcile';
import { amountCell, cell, Table } from './Table';
import { useRegistrationTitle } from './useRegistrationTitle';

const tones: Record<Tone, string> = {
  green: 'border-green-600 bg-green-100 text-green-900',
  amber: 'border-amber-500 bg-amber-100 text-amber-950',
  red: 'border-red-600 bg-red-50 text-red-900',
  blue: 'border-sky-600 bg-sky-50 text-sky-900',
  slate: 'border-slate-400 bg-slate-100 text-slate-800',
};

interface ReconcileTableProps {
  lines: ReconcileLine[];
  selected: ReadonlySet<number>;
  onToggle: (index: number, checked: boolean) => void;
  disabled?: boolean;
}

export function ReconcileTable({ lines, selected, onToggle, disabled = false }: ReconcileTableProps) {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  return (
    <Table
      caption={t('reconcile.caption')}
      testId="reconcile-table"
      headers={[
        t('reconcile.line'),
        t('reconcile.select'),
        t('reconcile.status'),
        t('reconcile.date'),
        t('reconcile.sender'),
        t('reconcile.amount'),
        t('reconcile.message'),
        t('reconcile.registration'),
      ]}
    >
      {lines.map((line, index) => (
        <Line key={index} line={line} index={index} checked={selected.has(index)} onToggle={onToggle} disabled={disabled} />
      ))}
    </Table>
  );
}

function Line({ line, index, checked, onToggle, disabled }: { line: ReconcileLine; index: number; checked: boolean; onToggle: ReconcileTableProps['onToggle']; disabled: boolean }) {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'payments' });
  const lang = i18n.language;
  const titleOf = useRegistrationTitle();
  const selectable = isSelectable(line);
  const detail = outcomeDetail(line.outcome, t);
  const { transfer, registration } = line;
  const n = index + 1;
  return (
    <tr className={`border-b border-slate-200 ${selectable && checked ? 'bg-green-50' : ''}`} data-testid="reconcile-line" data-outcome={line.outcome.kind}>
      <th scope="row" className={`${cell} tabular-nums`}>
        {n}
      </th>
      <td className={cell}>
        <Checkbox
          hiddenLabel={selectable ? t('reconcile.selectLine', { n }) : t('reconcile.notSelectable', { n })}
          checked={selectable && checked}
          disabled={!selectable || disabled}
          onCheckedChange={(on) => onToggle(index, on)}
          labelClassName="flex min-h-11 min-w-11 items-center justify-center"
          inputClassName="h-6 w-6"
        />
      </td>
      <td className={cell}>
        <span className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold ${tones[outcomeTone(line.outcome)]}`}>
          {outcomeLabel(line.outcome, t, lang)}
        </span>
        {detail && <span className="mt-1 block text-xs text-slate-700">{detail}</span>}
      </td>
      <td className={`${cell} whitespace-nowrap`}>{transfer.date ? formatDay(transfer.date, lang) : '—'}</td>
      <td className={cell}>{transfer.sender || '—'}</td>
      <td className={amountCell}>{formatPrice(transfer.amountCents / 100, lang)}</td>
      <td className={`${cell} max-w-xs break-words`}>{transfer.message || '—'}</td>
      <td className={cell}>
        {registration ? (
          <div className="space-y-1">
            <p className="font-semibold">{registration.name}</p>
            <p>{titleOf(registration.kind, registration.title)}</p>
            <p className="font-mono text-xs">{registration.reference}</p>
            <p className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums">{formatPrice(registration.amountDue, lang)}</span>
              <PaymentBadge status={registration.paymentStatus} amountDue={registration.amountDue} />
            </p>
          </div>
        ) : (
          t('reconcile.none')
        )}
      </td>
    </tr>
  );
}
