// Payments, the console's side: the one query-key factory, the read hook of the
// payments view and the types of the reconciliation (GET /api/admin/payments,
// POST /api/admin/payments/reconcile). Admins only; the server checks again.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { Schemas } from '../../api/types';

export type RegistrationKind = Schemas['Kind'];

/** A pending registration with an amount to pay. Dates are UTC instants. `title` is the event's
 * title, or the camp program's id (translated as `daycamps:programs.<id>.name`). */
export type UnpaidRegistration = Schemas['UnpaidDto'];

/** A registration released for want of payment: to restore, or to mark paid late. */
export type ExpiredRegistration = Schemas['ExpiredDto'];

export type Totals = Schemas['TotalsDto'];

export type PaymentsOverview = Schemas['PaymentsDto'];

/** One incoming transfer as the bank reported it; sent back as it is to confirm it. */
export type Transfer = Schemas['Transfer'];

/** `duplicateOf` is the 0-based index of the earlier line. */
export type Outcome = Schemas['Outcome'];

/** The registration whose reference is in the transfer's message. */
export type MatchedRegistration = Schemas['CandidateDto'];

export type ReconcileLine = Schemas['LineDto'];

export const paymentKeys = {
  /** GET /api/admin/payments; also the prefix other areas invalidate after a payment change. */
  overview: ['api', 'admin', 'payments'] as const,
  /** GET /api/admin/payment-deadlines (under the overview's prefix: refreshed with it). */
  deadlines: ['api', 'admin', 'payments', 'deadlines'] as const,
};

type PaymentDeadlines = Schemas['DeadlinesDto'];

export function usePaymentDeadlines() {
  return useQuery({
    queryKey: paymentKeys.deadlines,
    queryFn: () => apiFetch<PaymentDeadlines>('/api/admin/payment-deadlines'),
  });
}

export function usePayments() {
  return useQuery({ queryKey: paymentKeys.overview, queryFn: () => apiFetch<PaymentsOverview>('/api/admin/payments') });
}
