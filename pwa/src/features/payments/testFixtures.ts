// Reconciliation lines as the server answers them, for the tests.
import type { ReconcileLine, Transfer } from './queries';

const transfer = (overrides: Partial<Transfer> = {}): Transfer => ({
  amountCents: 8000,
  sender: 'MARIE TREMBLAY',
  message: 'équipe Les Smash EV3-K7MQ2X',
  date: '2026-11-20',
  bankReference: 'CA1MRbYZ7nQ3',
  ...overrides,
});

const smash = {
  kind: 'event' as const,
  id: 11,
  reference: 'EV3-K7MQ2X',
  name: 'Les Smash',
  title: 'Tournoi du lac',
  amountDue: 80,
  paymentStatus: 'pending' as const,
};

/** One line of each outcome, in this order: exact, amountMismatch, alreadyPaid, unknown, duplicate. */
export const lines: ReconcileLine[] = [
  { transfer: transfer(), outcome: { kind: 'exact' }, registration: smash },
  {
    transfer: transfer({ amountCents: 6000, sender: 'LÉA ROY', message: 'CJ-ABC234', bankReference: 'CA2' }),
    outcome: { kind: 'amountMismatch', expectedCents: 24000, receivedCents: 6000 },
    registration: { kind: 'camp', id: 4, reference: 'CJ-ABC234', name: 'Léa Roy', title: 'explorateurs', amountDue: 240, paymentStatus: 'pending' },
  },
  {
    transfer: transfer({ sender: 'PAUL ROY', message: 'EV3-PAID22', bankReference: 'CA3' }),
    outcome: { kind: 'alreadyPaid' },
    registration: { ...smash, id: 12, reference: 'EV3-PAID22', name: 'Les Huards', paymentStatus: 'paid' },
  },
  { transfer: transfer({ sender: 'INCONNU', message: 'merci', bankReference: 'CA4', date: null }), outcome: { kind: 'unknown' }, registration: null },
  { transfer: transfer(), outcome: { kind: 'duplicate', duplicateOf: 0 }, registration: smash },
];
