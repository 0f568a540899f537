// The console's payment actions on one registration, by its state: pending → 'Marquer payé';
// paid → 'Remettre en attente' and 'Rembourser' (after a confirmation: refunded is final);
// expired → 'Restaurer' and 'Payé en retard'; refunded → none. The caller's mutation does the
// change (events and day camps each have theirs); the server checks every transition again.
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from './PaymentBadge';

/** What an admin may set: `PUT …/payment` `{paymentStatus}`. */
export type PaymentTarget = 'paid' | 'pending' | 'refunded';
export type PaymentAction = 'markPaid' | 'markPending' | 'refund' | 'restore' | 'paidLate';

/** The actions offered from a state, in the order shown. */
export function paymentActions(status: PaymentStatus): { action: PaymentAction; to: PaymentTarget }[] {
  switch (status) {
    case 'pending':
      return [{ action: 'markPaid', to: 'paid' }];
    case 'paid':
      return [
        { action: 'markPending', to: 'pending' },
        { action: 'refund', to: 'refunded' },
      ];
    case 'expired':
      return [
        { action: 'restore', to: 'pending' },
        { action: 'paidLate', to: 'paid' },
      ];
    default:
      return [];
  }
}

/** The `admin` namespace key of the success toast after a change from `from` to `to`. */
export function paymentChangeToast(from: PaymentStatus, to: PaymentTarget): string {
  if (to === 'refunded') return 'payments.toast.refunded';
  if (to === 'pending') return from === 'expired' ? 'payments.toast.restored' : 'payments.toast.pending';
  return 'payments.toast.paid';
}

export interface PaymentActionsProps {
  status: PaymentStatus;
  /** The team's or the person's name, for the buttons' accessible names and the confirmation. */
  name: string;
  busy: boolean;
  onChange: (to: PaymentTarget) => void;
}

export function PaymentActions({ status, name, busy, onChange }: PaymentActionsProps) {
  const { t } = useTranslation('admin');
  return (
    <>
      {paymentActions(status).map(({ action, to }) => (
        <button
          key={action}
          type="button"
          disabled={busy}
          aria-label={t(`paymentActions.${action}For`, { name })}
          onClick={() => {
            if (action === 'refund' && !window.confirm(t('paymentActions.confirmRefund', { name }))) return;
            onChange(to);
          }}
          className={`min-h-11 rounded border px-3 py-1.5 text-sm font-semibold disabled:opacity-60 ${
            action === 'refund' ? 'border-red-700 text-red-800 hover:bg-red-50' : 'border-brand-700 text-brand-800 hover:bg-brand-50'
          }`}
        >
          {t(`paymentActions.${action}`)}
        </button>
      ))}
    </>
  );
}

/** A registration's actions, each done by `change`: its feature's `PUT …/payment` mutation. */
export function RegistrationPaymentActions({
  registration,
  name,
  change,
}: {
  registration: { id: number; paymentStatus: PaymentStatus };
  name: string;
  change: { isPending: boolean; mutate: (input: { id: number; paymentStatus: PaymentTarget; from: PaymentStatus }) => void };
}) {
  const { id, paymentStatus } = registration;
  return (
    <PaymentActions status={paymentStatus} name={name} busy={change.isPending} onChange={(to) => change.mutate({ id, paymentStatus: to, from: paymentStatus })} />
  );
}
