// What a payment badge says, decided once for every screen that shows one (the console's
// registrations, /my-registrations, /checkout, the reconciliation table). A registration or a
// booking with nothing to pay is free, whatever state its row stores (the server keeps
// 'pending' on a free registration and on every court booking): never 'En attente' for what
// costs nothing. The server's xlsx exports follow the same condition (`payment_status_fr`).
// The rule stays here rather than in core-wasm: a list's badge is drawn at once, and
// core-wasm loads asynchronously. The states are the contract's (`PaymentStatus`).
import type { PaymentStatus } from '../api/types';

/** What the badge shows: the stored state, or 'free' when there is nothing to pay (a badge's
 * own state, never stored). */
export type PaymentBadgeState = PaymentStatus | 'free';

/** Court use is free: a court booking never has anything to pay. */
export const COURT_BOOKING_AMOUNT_DUE = 0;

/** Nothing to pay: an amount due (CAD dollars, the server's figure) of zero. */
export function isFree(amountDue: number): boolean {
  return amountDue <= 0;
}

/** The badge for a payment state and its amount due (dollars). */
export function paymentBadgeState(status: PaymentStatus, amountDue: number): PaymentBadgeState {
  return isFree(amountDue) ? 'free' : status;
}

/** Still to be paid: pending with an amount due. */
export function isOwing(status: PaymentStatus, amountDue: number): boolean {
  return paymentBadgeState(status, amountDue) === 'pending';
}
