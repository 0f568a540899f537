import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import '../i18n';
import { PaymentActions, paymentActions, paymentChangeToast } from './PaymentActions';
import { PaymentBadge, type PaymentStatus } from './PaymentBadge';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(node: React.ReactNode) {
  await act(async () => {
    render(<Suspense fallback={null}>{node}</Suspense>);
  });
}

describe('payment badges and actions', () => {
  it('names each state with its own word and style', async () => {
    const states: PaymentStatus[] = ['pending', 'paid', 'expired', 'refunded'];
    await show(states.map((s) => <PaymentBadge key={s} status={s} amountDue={25} />));
    const badges = await screen.findAllByTestId('payment-badge');
    expect(badges.map((b) => b.textContent)).toEqual(['○En attente', '✓Payé', '!Expiré', '↩Remboursé']);
    expect(new Set(badges.map((b) => b.className)).size).toBe(4);
  });

  it('offers the transitions the server allows from each state', () => {
    expect(paymentActions('pending')).toEqual([{ action: 'markPaid', to: 'paid' }]);
    expect(paymentActions('paid')).toEqual([
      { action: 'markPending', to: 'pending' },
      { action: 'refund', to: 'refunded' },
    ]);
    expect(paymentActions('expired')).toEqual([
      { action: 'restore', to: 'pending' },
      { action: 'paidLate', to: 'paid' },
    ]);
    expect(paymentActions('refunded')).toEqual([]);
    expect(paymentChangeToast('expired', 'pending')).toBe('payments.toast.restored');
    expect(paymentChangeToast('paid', 'pending')).toBe('payments.toast.pending');
    expect(paymentChangeToast('expired', 'paid')).toBe('payments.toast.paid');
    expect(paymentChangeToast('paid', 'refunded')).toBe('payments.toast.refunded');
  });

  it('refunds only after the confirmation', async () => {
    const onChange = vi.fn();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await show(<PaymentActions status="paid" name="Les Smash" busy={false} onChange={onChange} />);
    const refund = await screen.findByRole('button', { name: 'Rembourser : Les Smash' });
    fireEvent.click(refund);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Rembourser le paiement de Les Smash ?'));
    expect(onChange).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    fireEvent.click(refund);
    expect(onChange).toHaveBeenCalledWith('refunded');
    fireEvent.click(screen.getByRole('button', { name: 'Remettre en attente : Les Smash' }));
    expect(onChange).toHaveBeenLastCalledWith('pending');
  });
});
