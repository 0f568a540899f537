// The reconciliation table's rules, pure: what each outcome is called, its badge's tone, which
// lines can be confirmed (exact matches only, and those are checked to begin with), and the
// body of POST /api/admin/payments/confirm for the lines checked.
import { formatPrice } from '../../lib/format';
import type { Outcome, ReconcileLine, RegistrationKind, Transfer } from './queries';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type Tone = 'green' | 'amber' | 'slate' | 'red' | 'blue';

/** Only an exact match of a registration still owing can be confirmed. */
export function isSelectable(line: ReconcileLine): boolean {
  return line.outcome.kind === 'exact' && line.registration !== null;
}

/** The lines checked when the table appears: every exact match. */
export function initialSelection(lines: readonly ReconcileLine[]): Set<number> {
  return new Set(lines.flatMap((line, index) => (isSelectable(line) ? [index] : [])));
}

export interface ConfirmItem {
  kind: RegistrationKind;
  registrationId: number;
  /** As the server read it. */
  transfer: Transfer;
}

/** The items to confirm: the checked lines that can be (never another one, whatever is checked). */
export function confirmItems(lines: readonly ReconcileLine[], selected: ReadonlySet<number>): ConfirmItem[] {
  return lines.flatMap((line, index) =>
    selected.has(index) && isSelectable(line) && line.registration
      ? [{ kind: line.registration.kind, registrationId: line.registration.id, transfer: line.transfer }]
      : [],
  );
}

export function outcomeTone(outcome: Outcome): Tone {
  switch (outcome.kind) {
    case 'exact':
      return 'green';
    case 'amountMismatch':
      return 'amber';
    case 'unknown':
      return 'red';
    case 'duplicate':
      return 'blue';
    default:
      return 'slate';
  }
}

/** 'Prêt à confirmer', 'Montant différent (attendu 80,00 $, reçu 60,00 $)', 'Déjà payé', … */
export function outcomeLabel(outcome: Outcome, t: Translate, lang: string): string {
  if (outcome.kind === 'amountMismatch') {
    return t('reconcile.outcome.amountMismatch', {
      expected: formatPrice(outcome.expectedCents / 100, lang),
      received: formatPrice(outcome.receivedCents / 100, lang),
    });
  }
  return t(`reconcile.outcome.${outcome.kind}`);
}

/** A duplicate names the line it repeats (1-based, as the table numbers them). */
export function outcomeDetail(outcome: Outcome, t: Translate): string | null {
  return outcome.kind === 'duplicate' ? t('reconcile.outcome.duplicateOf', { n: outcome.duplicateOf + 1 }) : null;
}
