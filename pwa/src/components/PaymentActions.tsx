// The console's payment actions on one registration, by its state. Which moves a state allows,
// and in which order, is centre-core's rule (`paymentMoves`, the server's own); this file only
// names each move: pending → paid 'Marquer payé'; paid → pending 'Remettre en attente', paid →
// refunded 'Rembourser' (after a confirmation: refunded is final); expired → pending 'Restaurer',
// expired → paid 'Payé en retard'. No buttons until core-wasm has loaded. The caller's mutation
// does the change (events and day camps each have theirs); the server checks every move again.
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '../api/types';
import { paymentMoves, type CoreModule } from '../core';
import { useCore } from '../core/useCore';

/** What an admin may set: `PUT …/payment` `{paymentStatus}` (expired is the server's doing). */
export type PaymentTarget = Exclude<PaymentStatus, 'expired'>;
export type PaymentAction = 'markPaid' | 'markPending' | 'refund' | 'restore' | 'paidLate';

/** The name of each move core allows, by its state and the state it goes to. */
const ACTION_NAMES: { [From in PaymentStatus]?: { [To in PaymentTarget]?: PaymentAction } } = {
  pending: { paid: 'markPaid' },
  paid: { pending: 'markPending', refunded: 'refund' },
  expired: { pending: 'restore', paid: 'paidLate' },
};

const isTarget = (to: PaymentStatus): to is PaymentTarget => to !== 'expired';

/** The actions core offers from a state, in its order; a move without a name here is left out
 * (PaymentActions.test.tsx fails then). */
export function paymentActions(core: CoreModule, status: PaymentStatus): { action: PaymentAction; to: PaymentTarget }[] {
  return paymentMoves(core, status)
    .filter(isTarget)
    .flatMap((to) => {
      const action = ACTION_NAMES[status]?.[to];
      return action ? [{ action, to }] : [];
    });
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
  const core = useCore();
  if (!core) return null;
  return (
    <>
      {paymentActions(core, status).map(({ action, to }) => (
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
