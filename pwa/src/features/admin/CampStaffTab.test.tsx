import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { apiError, renderPage, serve } from '../../test/render';
import { CampStaffTab } from './CampStaffTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = { id: 'me-1', firstName: 'Chloé', lastName: 'Chef', email: 'chef@example.org', profileImageUrl: null, createdAt: '2026-01-02T15:00:00Z' };

describe('the Animateurs tab', () => {
  it('says so when one of its reads fails, asks once, and draws the tab when asked again', async () => {
    let views: unknown = apiError(500, 'internal', 'x');
    const routes = {
      '/api/auth/user': me,
      '/api/admin/camp-staff': [],
      '/api/admin/day-camps': { programs: [], weeks: [] },
      '/api/admin/camp-staff-weeks': [],
      get '/api/admin/child-record-views'() {
        return views;
      },
    };
    const fetch = serve(routes);
    const asked = () => fetch.mock.calls.filter(([path]) => path === '/api/admin/child-record-views').length;
    await renderPage(<CampStaffTab />, '/admin?tab=campStaff');

    expect(await screen.findByText("Cette section n'a pas pu être chargée.")).toBeTruthy();
    // The tab's parts, which read the same queries, are not drawn: drawing them asked again and
    // again, the tab going back to 'Chargement…' at each request.
    expect(screen.queryByRole('heading', { name: 'Animateurs' })).toBeNull();
    expect(asked()).toBe(1);

    views = [];
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    });
    expect(await screen.findByRole('heading', { name: 'Animateurs' })).toBeTruthy();
    expect(asked()).toBe(2);
    expect(screen.queryByText("Cette section n'a pas pu être chargée.")).toBeNull();
  });
});
