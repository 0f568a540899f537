import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import '../i18n';
import type { PaymentStatus } from '../api/types';
import { loadCoreFromBytes, loadedCore, paymentMoves, type CoreModule } from '../core';
import { PaymentActions, paymentActions, paymentChangeToast } from './PaymentActions';
import { PaymentBadge } from './PaymentBadge';

let core: CoreModule;

beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
  core = loadedCore() as CoreModule;
});

/** Every payment state of the contract (api/openapi.json), a state added there included. */
const contractStates = (): PaymentStatus[] =>
  (JSON.parse(readFileSync(resolve('../api/openapi.json'), 'utf8')) as { components: { schemas: { PaymentStatus: { enum: PaymentStatus[] } } } })
    .components.schemas.PaymentStatus.enum;

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
    expect(paymentActions(core, 'pending')).toEqual([{ action: 'markPaid', to: 'paid' }]);
    expect(paymentActions(core, 'paid')).toEqual([
      { action: 'markPending', to: 'pending' },
      { action: 'refund', to: 'refunded' },
    ]);
    expect(paymentActions(core, 'expired')).toEqual([
      { action: 'restore', to: 'pending' },
      { action: 'paidLate', to: 'paid' },
    ]);
    expect(paymentActions(core, 'refunded')).toEqual([]);
    expect(paymentChangeToast('expired', 'pending')).toBe('payments.toast.restored');
    expect(paymentChangeToast('paid', 'pending')).toBe('payments.toast.pending');
    expect(paymentChangeToast('expired', 'paid')).toBe('payments.toast.paid');
    expect(paymentChangeToast('paid', 'refunded')).toBe('payments.toast.refunded');
  });

  it("offers exactly centre-core's moves, in its order, from every state of the contract", () => {
    const states = contractStates();
    expect(states.length).toBeGreaterThan(0);
    for (const status of states) {
      expect([status, paymentActions(core, status).map(({ to }) => to)]).toEqual([status, paymentMoves(core, status)]);
    }
    // The moves are core's answer, not restated here: another answer, other buttons.
    const other = { ...core, paymentMoves: (status: string) => (status === 'paid' ? '["refunded","pending"]' : '[]') } as CoreModule;
    expect(paymentActions(other, 'paid').map(({ action }) => action)).toEqual(['refund', 'markPending']);
    expect(paymentActions(other, 'pending')).toEqual([]);
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
