// A registration's payment state as one badge, the same on every screen that shows one (the
// console's registrations, /my-registrations, /checkout): each state has its own colours, its
// own sign and its own word, so none is told by colour alone.
import { useTranslation } from 'react-i18next';

export type PaymentStatus = 'pending' | 'paid' | 'expired' | 'refunded';

const styles: Record<PaymentStatus, { className: string; sign: string }> = {
  pending: { className: 'border-amber-400 bg-amber-50 text-amber-950', sign: '○' },
  paid: { className: 'border-green-600 bg-green-100 text-green-900', sign: '✓' },
  expired: { className: 'border-red-600 bg-red-50 text-red-900', sign: '!' },
  refunded: { className: 'border-sky-600 bg-sky-50 text-sky-900', sign: '↩' },
};

export function PaymentBadge({ status, size = 'sm' }: { status: PaymentStatus; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('checkout');
  const style = styles[status] ?? styles.pending;
  return (
    <span
      data-testid="payment-badge"
      data-status={status}
      className={`inline-flex items-center gap-1 rounded border px-2 py-0.5 font-semibold ${size === 'md' ? 'text-sm' : 'text-xs'} ${style.className}`}
    >
      <span aria-hidden="true">{style.sign}</span>
      <span>{t(`paymentStatus.${status}`)}</span>
    </span>
  );
}
