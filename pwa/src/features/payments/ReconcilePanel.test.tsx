import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Toaster } from '../../components/toast';
import { renderPage } from '../../test/render';
import { ReconcilePanel } from './ReconcilePanel';
import { lines } from './testFixtures';

type Call = { path: string; body: unknown };

/** POST answers by path: a status and a body. */
function serve(routes: Record<string, [number, unknown]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      // The panel's own calls; the providers' sign-in check (test/render.tsx) is not the panel's.
      if (path !== '/api/auth/user') calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const [status, body] = routes[path] ?? [404, { code: 'not_found', message: 'x' }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const renderPanel = () =>
  renderPage(
    <>
      <ReconcilePanel />
      <Toaster />
    </>,
  );

async function paste(text: string) {
  const area = await screen.findByLabelText('Collez les avis de virement Interac ou le relevé CSV de la banque');
  fireEvent.change(area, { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Lire les virements' }));
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the reconciliation panel', () => {
  it('shows every line with its status, checks only the exact match, and confirms only on the click', async () => {
    const calls = serve({
      '/api/admin/payments/reconcile': [200, { lines }],
      '/api/admin/payments/confirm': [200, { confirmed: 1 }],
    });
    await renderPanel();
    await paste('Virement Interac : MARIE TREMBLAY vous a envoyé 80,00 $');
    expect(calls.map((c) => c.path)).toEqual(['/api/admin/payments/reconcile']);
    expect(calls[0]?.body).toEqual({ text: 'Virement Interac : MARIE TREMBLAY vous a envoyé 80,00 $' });

    const table = await screen.findByRole('table', { name: 'Virements lus et inscriptions correspondantes' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Ligne', 'Confirmer', 'Statut', 'Date', 'Expéditeur', 'Montant', 'Message', 'Inscription']);
    const rows = within(table).getAllByTestId('reconcile-line');
    expect(rows.map((r) => r.getAttribute('data-outcome'))).toEqual(['exact', 'amountMismatch', 'alreadyPaid', 'unknown', 'duplicate']);
    expect(within(rows[0]!).getByText('Prêt à confirmer')).toBeTruthy();
    expect(within(rows[0]!).getByText('20 novembre 2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('Les Smash')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Montant différent \(attendu 240,00\s\$, reçu 60,00\s\$\)$/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Explorateurs')).toBeTruthy();
    expect(within(rows[2]!).getByText('Déjà payé')).toBeTruthy();
    expect(within(rows[3]!).getByText('Référence inconnue')).toBeTruthy();
    expect(within(rows[3]!).getByText('Aucune')).toBeTruthy();
    expect(within(rows[4]!).getByText('Doublon')).toBeTruthy();
    expect(within(rows[4]!).getByText('Même virement que la ligne 1')).toBeTruthy();

    const boxes = within(table).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, false],
      [false, true],
      [false, true],
      [false, true],
      [false, true],
    ]);
    expect(boxes[0]?.getAttribute('aria-label')).toBe('Confirmer le virement de la ligne 1');

    // Unchecked, nothing to confirm; checked again, one.
    fireEvent.click(boxes[0]!);
    expect((screen.getByRole('button', { name: 'Confirmer les paiements (0)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(boxes[0]!);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirmer les paiements (1)' }));
    });
    expect(calls[1]).toEqual({
      path: '/api/admin/payments/confirm',
      body: { items: [{ kind: 'event', registrationId: 11, transfer: lines[0]!.transfer }] },
    });
    expect(await screen.findByText('1 paiement confirmé')).toBeTruthy();
    expect(screen.queryByTestId('reconcile-results')).toBeNull();
  });

  it("shows the server's message under the field for an unreadable text, and asks for a text when empty", async () => {
    serve({
      '/api/admin/payments/reconcile': [
        422,
        { code: 'reconcile_unreadable', message: 'Texte illisible.', fieldErrors: { text: 'Texte illisible.' } },
      ],
    });
    await renderPanel();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Lire les virements' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Collez un texte ou choisissez un fichier.');
    await paste('bonjour');
    const area = screen.getByLabelText('Collez les avis de virement Interac ou le relevé CSV de la banque');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Texte illisible.').length).toBeGreaterThan(0);
  });

  it('falls back to its own text when the server sends a bare code', async () => {
    serve({
      '/api/admin/payments/reconcile': [422, { code: 'reconcile_unreadable', message: 'reconcile_unreadable', fieldErrors: { text: 'reconcile_unreadable' } }],
    });
    await renderPanel();
    await paste('bonjour');
    expect(screen.getAllByText('Ce texte n\'a pas pu être lu : ni avis de virement Interac, ni relevé CSV reconnu.').length).toBeGreaterThan(0);
    expect(screen.queryByText('reconcile_unreadable')).toBeNull();
  });
});
