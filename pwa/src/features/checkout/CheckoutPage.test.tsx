import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderPage, serve } from '../../test/render';
import { CheckoutPage } from './CheckoutPage';

const me = { id: 'me-1', firstName: 'Marie', lastName: 'Tremblay', email: 'marie@example.org', profileImageUrl: null, createdAt: '2026-01-02T15:00:00Z' };
const registration = {
  id: 12,
  eventId: 3,
  eventTitle: 'Tournoi du lac',
  eventTitleEn: 'Lake tournament',
  teamName: 'Les Smash',
  amountDue: 80,
  paymentReference: 'EV3-K7MQ2X',
  paymentStatus: 'pending',
  interacEmail: 'paiements@centre.example',
};

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const renderCheckout = (path: string) => renderPage(<CheckoutPage />, path);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/checkout?type=event', () => {
  it("shows the member's own registration: the event, the team, the amount, the reference and the Interac steps", async () => {
    const fetch = serve({ '/api/auth/user': me, '/api/user/event-registrations/12': registration });
    await renderCheckout('/checkout?type=event&id=12');
    expect(plain((await screen.findByTestId('checkout-amount')).textContent)).toBe('80,00 $');
    expect(screen.getByTestId('checkout-reference').textContent).toBe('EV3-K7MQ2X');
    expect(screen.getByText('Tournoi du lac')).toBeTruthy();
    expect(screen.getByText('Les Smash')).toBeTruthy();
    expect(screen.getByTestId('payment-badge').textContent).toContain('En attente');
    expect(screen.getByRole('heading', { name: 'Payer par virement Interac' })).toBeTruthy();
    expect(screen.getByText('Envoyez un virement Interac à paiements@centre.example.')).toBeTruthy();
    expect(screen.getByText('Inscrivez la référence EV3-K7MQ2X dans le message du virement.')).toBeTruthy();
    expect(fetch.mock.calls.map(([path]) => path)).toContain('/api/user/event-registrations/12');
  });

  it('says a paid registration is paid, without the Interac steps', async () => {
    serve({ '/api/auth/user': me, '/api/user/event-registrations/12': { ...registration, paymentStatus: 'paid' } });
    await renderCheckout('/checkout?type=event&id=12');
    expect((await screen.findByTestId('payment-badge')).textContent).toContain('Payé');
    expect(screen.queryByRole('heading', { name: 'Payer par virement Interac' })).toBeNull();
  });

  it('says no payment is needed for a free event', async () => {
    serve({ '/api/auth/user': me, '/api/user/event-registrations/12': { ...registration, amountDue: 0 } });
    await renderCheckout('/checkout?type=event&id=12');
    expect((await screen.findByTestId('checkout-free')).textContent).toBe("Aucun paiement n'est requis : cette inscription est gratuite.");
    expect(screen.queryByTestId('checkout-amount')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payer par virement Interac' })).toBeNull();
  });

  it("shows 'Inscription introuvable' for a registration that is not the member's", async () => {
    serve({ '/api/auth/user': me });
    await renderCheckout('/checkout?type=event&id=99');
    expect(await screen.findByRole('heading', { name: 'Inscription introuvable' })).toBeTruthy();
    expect(screen.queryByTestId('checkout-amount')).toBeNull();
  });

  it('asks a visitor to log in and comes back to the same checkout', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'unauthorized', message: 'x' }), { status: 401 })));
    await renderCheckout('/checkout?type=event&id=12');
    const login = await screen.findByRole('link', { name: 'Se connecter' });
    expect(login.getAttribute('href')).toBe('/api/login?returnTo=%2Fcheckout%3Ftype%3Devent%26id%3D12&lang=fr');
  });
});
