// A registration's payment state as one badge, the same on every screen that shows one (the
// console's registrations, /my-registrations, /checkout): each state has its own colours, its
// own sign and its own word, so none is told by colour alone. What has nothing to pay says
// 'Gratuit' in the same place (`paymentBadgeState`), so a card or a column keeps its layout.
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '../api/types';
import { paymentBadgeState, type PaymentBadgeState } from './paymentState';

const styles: Record<PaymentBadgeState, { className: string; sign: string }> = {
  pending: { className: 'border-amber-400 bg-amber-50 text-amber-950', sign: '○' },
  paid: { className: 'border-green-600 bg-green-100 text-green-900', sign: '✓' },
  expired: { className: 'border-red-600 bg-red-50 text-red-900', sign: '!' },
  refunded: { className: 'border-sky-600 bg-sky-50 text-sky-900', sign: '↩' },
  free: { className: 'border-slate-400 bg-slate-50 text-slate-900', sign: '–' },
};

/** `amountDue`: CAD dollars, the server's figure; 0 shows 'Gratuit' whatever `status` is. */
export function PaymentBadge({ status, amountDue, size = 'sm' }: { status: PaymentStatus; amountDue: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('checkout');
  const state = paymentBadgeState(status, amountDue);
  const style = styles[state] ?? styles.pending;
  return (
    <span
      data-testid="payment-badge"
      data-status={state}
      className={`inline-flex items-center gap-1 rounded border px-2 py-0.5 font-semibold ${size === 'md' ? 'text-sm' : 'text-xs'} ${style.className}`}
    >
      <span aria-hidden="true">{style.sign}</span>
      <span>{t(`paymentStatus.${state}`)}</span>
    </span>
  );
}
