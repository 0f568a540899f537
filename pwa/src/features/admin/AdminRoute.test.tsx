import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { db } from '../../db/database';
import { renderPage } from '../../test/render';
import { AdminRoute } from './AdminRoute';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console opened with no network and nothing kept on the device', () => {
  it('says what to do instead of a 404', async () => {
    await db.cache.clear();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await renderPage(<AdminRoute />, '/admin');
    await screen.findByText("Pas de réseau. Ouvrez l'onglet Tournois une fois avec le réseau pour l'avoir hors ligne.");
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
