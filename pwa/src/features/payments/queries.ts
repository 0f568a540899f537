// Payments (issue 17), the console's side: the one query-key factory, the read hook of the
// payments view and the types of the reconciliation (GET /api/admin/payments,
// POST /api/admin/payments/reconcile). Admins only; the server checks again.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { PaymentStatus } from '../../components/PaymentBadge';

export type RegistrationKind = 'event' | 'camp';

/** A pending registration with an amount to pay. Dates are UTC instants. */
export interface UnpaidRegistration {
  kind: RegistrationKind;
  id: number;
  reference: string;
  /** The team's or the child's name. */
  name: string;
  /** The event's title, or the camp program's id (translated as `daycamps:programs.<id>.name`). */
  title: string;
  /** CAD dollars. */
  amountDue: number;
  registeredAt: string;
  daysSince: number;
  remindersSent: number;
  nextReminderAt: string | null;
  deadline: string | null;
  /** Past its deadline but kept: a team in a tournament that started. */
  heldByTournament: boolean;
}

/** A registration released for want of payment: to restore, or to mark paid late. */
export interface ExpiredRegistration {
  kind: RegistrationKind;
  id: number;
  reference: string;
  name: string;
  title: string;
  amountDue: number;
  releasedAt: string;
}

export interface Totals {
  expected: number;
  received: number;
  outstanding: number;
}

export interface PaymentsOverview {
  unpaid: UnpaidRegistration[];
  /** Absent from servers older than the expired list. */
  expired?: ExpiredRegistration[];
  events: (Totals & { eventId: number; title: string })[];
  /** `label` is 'week1' … 'week6'. */
  campWeeks: (Totals & { weekId: number; label: string })[];
}

/** One incoming transfer as the bank reported it; sent back as it is to confirm it. */
export interface Transfer {
  amountCents: number;
  sender: string;
  message: string;
  /** 'YYYY-MM-DD'. */
  date: string | null;
  bankReference: string | null;
}

export type Outcome =
  | { kind: 'exact' }
  | { kind: 'amountMismatch'; expectedCents: number; receivedCents: number }
  | { kind: 'alreadyPaid' }
  | { kind: 'unknown' }
  /** `duplicateOf` is the 0-based index of the earlier line. */
  | { kind: 'duplicate'; duplicateOf: number };

/** The registration whose reference is in the transfer's message. */
export interface MatchedRegistration {
  kind: RegistrationKind;
  id: number;
  reference: string;
  name: string;
  title: string;
  amountDue: number;
  paymentStatus: PaymentStatus;
}

export interface ReconcileLine {
  transfer: Transfer;
  outcome: Outcome;
  registration: MatchedRegistration | null;
}

export const paymentKeys = {
  /** GET /api/admin/payments; also the prefix other areas invalidate after a payment change. */
  overview: ['api', 'admin', 'payments'] as const,
  /** GET /api/admin/payment-deadlines (under the overview's prefix: refreshed with it). */
  deadlines: ['api', 'admin', 'payments', 'deadlines'] as const,
};

/** A deadline that is set: the event's id (as text) or the camp program's id. */
export interface PaymentDeadline {
  id: string;
  days: number | null;
  date: string | null;
}

export interface PaymentDeadlines {
  events: PaymentDeadline[];
  programs: PaymentDeadline[];
}

export function usePaymentDeadlines() {
  return useQuery({
    queryKey: paymentKeys.deadlines,
    queryFn: () => apiFetch<PaymentDeadlines>('/api/admin/payment-deadlines'),
  });
}

export function usePayments() {
  return useQuery({ queryKey: paymentKeys.overview, queryFn: () => apiFetch<PaymentsOverview>('/api/admin/payments') });
}
