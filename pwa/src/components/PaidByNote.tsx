// Which Interac transfer paid a registration, when an admin confirmed one in the Paiements tab:
// shown on the console's registration rows (events and day camps).
import { useTranslation } from 'react-i18next';
import { formatDate, formatDay, formatPrice } from '../lib/format';

export interface PaidBy {
  sender: string;
  /** CAD dollars. */
  amount: number;
  /** The transfer's own date (YYYY-MM-DD), when the bank gave one. */
  date: string | null;
  confirmedAt: string;
}

export function PaidByNote({ paidBy }: { paidBy?: PaidBy | null }) {
  const { t, i18n } = useTranslation('checkout');
  if (!paidBy) return null;
  const lang = i18n.language;
  const date = paidBy.date ? formatDay(paidBy.date, lang) : formatDate(paidBy.confirmedAt, lang);
  return (
    <p className="text-sm text-slate-700" data-testid="paid-by">
      {t('paidBy', { sender: paidBy.sender || '—', amount: formatPrice(paidBy.amount, lang), date })}
    </p>
  );
}
