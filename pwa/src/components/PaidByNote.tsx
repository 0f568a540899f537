// Which Interac transfer paid a registration, when an admin confirmed one in the Paiements tab:
// shown on the console's registration rows (events and day camps).
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../api/types';
import { formatDate, formatDay, formatPrice } from '../lib/format';

/** The transfer's own date (`date`, YYYY-MM-DD) when the bank gave one; `amount` in CAD dollars. */
export type PaidBy = Schemas['PaidByDto'];

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
