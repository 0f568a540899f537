import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import '../i18n';
import { dismissToast, toast, Toaster, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, useToast } from './toast';

afterEach(cleanup);

function Current() {
  const { current } = useToast();
  return <output data-testid="current">{current ? `${current.title}|${current.open}` : 'none'}</output>;
}

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the current one', () => {
    render(<Current />);
    act(() => {
      toast({ title: 'Premier' });
      toast({ title: 'Second', variant: 'error' });
    });
    expect(screen.getByTestId('current').textContent).toBe('Second|true');
  });

  it('keeps a dismissed toast closed, then forgets it after the removal delay', () => {
    vi.useFakeTimers();
    try {
      render(<Current />);
      act(() => {
        toast({ title: 'Réservation annulée' });
      });
      act(() => dismissToast());
      expect(screen.getByTestId('current').textContent).toBe('Réservation annulée|false');
      act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
      expect(screen.getByTestId('current').textContent).toBe('none');
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders the toast with Radix in a labelled region and shows it for 5 s', async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    render(<Toaster />);
    act(() => {
      toast({ title: 'Non autorisé', description: 'Vous devez être connecté.', variant: 'error' });
    });
    expect(await screen.findByText('Non autorisé')).toBeTruthy();
    expect(screen.getByText('Vous devez être connecté.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
  });
});
