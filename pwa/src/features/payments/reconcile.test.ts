import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { confirmItems, initialSelection, isSelectable, outcomeDetail, outcomeLabel, outcomeTone } from './reconcile';
import { lines } from './testFixtures';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the reconciliation rules', () => {
  it('lets only an exact match be confirmed, and checks every exact match to begin with', () => {
    expect(lines.map(isSelectable)).toEqual([true, false, false, false, false]);
    expect([...initialSelection(lines)]).toEqual([0]);
    // An exact outcome without a registration (never sent, but never confirmed either).
    expect(isSelectable({ ...lines[0]!, registration: null })).toBe(false);
  });

  it('confirms the checked lines that can be, with the transfer as the server read it', () => {
    expect(confirmItems(lines, new Set([0, 1, 3, 4]))).toEqual([{ kind: 'event', registrationId: 11, transfer: lines[0]!.transfer }]);
    expect(confirmItems(lines, new Set())).toEqual([]);
  });

  it('names each outcome in French and English, with the amounts of a mismatch', async () => {
    await i18n.loadNamespaces('admin');
    for (const [lang, expected] of [
      ['fr', ['Prêt à confirmer', 'Montant différent (attendu 240,00 $, reçu 60,00 $)', 'Déjà payé', 'Référence inconnue', 'Doublon']],
      ['en', ['Ready to confirm', 'Different amount (expected $240.00, received $60.00)', 'Already paid', 'Unknown reference', 'Duplicate']],
    ] as const) {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces('admin');
      const t = i18n.getFixedT(lang, 'admin', 'payments');
      expect(lines.map((l) => plain(outcomeLabel(l.outcome, t, lang)))).toEqual(expected);
    }
    await i18n.changeLanguage('fr');
    expect(outcomeDetail(lines[4]!.outcome, i18n.getFixedT('fr', 'admin', 'payments'))).toBe('Même virement que la ligne 1');
    expect(outcomeDetail(lines[0]!.outcome, i18n.getFixedT('fr', 'admin', 'payments'))).toBeNull();
  });

  it('gives each outcome its own tone', () => {
    expect(new Set(lines.map((l) => outcomeTone(l.outcome))).size).toBe(5);
  });
});
