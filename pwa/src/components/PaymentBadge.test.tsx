import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import i18n from '../i18n';
import type { PaymentStatus } from '../api/types';
import { PaymentBadge } from './PaymentBadge';
import { isOwing, paymentBadgeState } from './paymentState';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('fr');
});

async function show(node: React.ReactNode) {
  await act(async () => {
    render(<Suspense fallback={null}>{node}</Suspense>);
  });
}

const states: PaymentStatus[] = ['pending', 'paid', 'expired', 'refunded'];

describe('the payment badge of what costs nothing', () => {
  it('says Gratuit, never En attente, when nothing is due, whatever the stored state', async () => {
    await show(states.map((s) => <PaymentBadge key={s} status={s} amountDue={0} />));
    const badges = await screen.findAllByTestId('payment-badge');
    expect(badges.map((b) => b.textContent)).toEqual(['–Gratuit', '–Gratuit', '–Gratuit', '–Gratuit']);
    expect(badges.map((b) => b.dataset.status)).toEqual(['free', 'free', 'free', 'free']);
  });

  it('says Free in English', async () => {
    await i18n.changeLanguage('en');
    await show(<PaymentBadge status="pending" amountDue={0} />);
    expect((await screen.findByTestId('payment-badge')).textContent).toBe('–Free');
  });

  it('keeps the stored state when something is due', async () => {
    await show(<PaymentBadge status="pending" amountDue={0.01} />);
    expect((await screen.findByTestId('payment-badge')).textContent).toBe('○En attente');
  });

  it('decides the badge and what is owed from the amount due', () => {
    const table: [PaymentStatus, number, string, boolean][] = [
      ['pending', 0, 'free', false],
      ['paid', 0, 'free', false],
      ['expired', 0, 'free', false],
      ['refunded', 0, 'free', false],
      ['pending', 25, 'pending', true],
      ['paid', 25, 'paid', false],
      ['expired', 60, 'expired', false],
      ['refunded', 60, 'refunded', false],
    ];
    for (const [status, amount, badge, owing] of table) {
      expect([status, amount, paymentBadgeState(status, amount), isOwing(status, amount)]).toEqual([status, amount, badge, owing]);
    }
  });
});
