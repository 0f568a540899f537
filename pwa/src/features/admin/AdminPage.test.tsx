import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage, serve } from '../../test/render';
import { AdminPage } from './AdminPage';

const me = { id: 'me-1', firstName: 'Chloé', lastName: 'Chef', email: 'chef@example.org', profileImageUrl: null, createdAt: '2026-01-02T15:00:00Z' };
const other = { id: 'other-2', firstName: null, lastName: null, email: 'autre@example.org', profileImageUrl: null, createdAt: '2026-02-03T15:00:00Z' };

const renderConsole = (path = '/admin') => renderPage(<AdminPage />, path);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the admin console', () => {
  it('shows Accès refusé to a user with neither role', async () => {
    serve({ '/api/auth/user': me, '/api/admin/status': { isAdmin: false }, '/api/supervisor/status': { isSupervisor: false } });
    await renderConsole();
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeTruthy();
    expect(screen.getByText("Vous n'avez pas les permissions nécessaires pour accéder à cette section.")).toBeTruthy();
    // The title is set in an effect, which may run just after the heading is in the DOM.
    await waitFor(() => expect(document.title).toBe('Accès refusé — Centre plein air de La Pêche'));
  });

  it('gives a supervisor only the Réservations tab', async () => {
    serve({ '/api/auth/user': me, '/api/admin/status': { isAdmin: false }, '/api/supervisor/status': { isSupervisor: true } });
    await renderConsole();
    expect(await screen.findByRole('heading', { level: 1, name: 'Interface de Supervision' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Interface de Supervision — Centre plein air de La Pêche'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Réservations']);
  });

  it('gives an admin six sections that move with the arrow keys, and marks their own member row', async () => {
    serve({
      '/api/auth/user': me,
      '/api/admin/status': { isAdmin: true },
      '/api/supervisor/status': { isSupervisor: false },
      '/api/admin/supervisors': [],
      '/api/admin/all-users': [me, other],
    });
    await renderConsole();
    expect(await screen.findByRole('heading', { level: 1, name: "Interface d'Administration" })).toBeTruthy();
    // /admin opens on the bookings, the Terrains section's only tab: the sections' line alone.
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Activités', 'Terrains', 'Personnes', 'Paiements', "Listes d'attente", 'Confidentialité']);
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs[0]?.getAttribute('tabindex')).toBe('-1');

    await act(async () => {
      fireEvent.keyDown(tabs[1] as HTMLElement, { key: 'ArrowRight' });
    });
    expect(screen.getByRole('tab', { name: 'Personnes' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Membres' }).getAttribute('aria-selected')).toBe('true');
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Vous');
    expect(rows[0]?.textContent).toContain('me-1');
    expect(rows[1]?.textContent).not.toContain('Vous');
    expect(rows[1]?.textContent).toContain('autre@example.org');

    await act(async () => {
      fireEvent.keyDown(screen.getByRole('tab', { name: 'Membres' }), { key: 'ArrowLeft' });
    });
    expect(screen.getByRole('tab', { name: 'Animateurs' }).getAttribute('aria-selected')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Superviseurs' }));
    });
    expect(await screen.findByText('Aucun superviseur désigné')).toBeTruthy();
    expect(screen.getByText('Les superviseurs ont seulement accès à la vue des réservations.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter Superviseur' })).toBeTruthy();
  });
});
