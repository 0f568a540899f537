// Who is signed in, as the components read it: the server's word when it sent the page to a
// visitor (no question asked), otherwise the API's answer; and the hint left for the next visit.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderPage, serve } from '../../test/render';
import { useCurrentUser, useRoles } from './session';

function Who() {
  const { user, isLoading } = useCurrentUser();
  const { isAdmin, isLoading: rolesLoading } = useRoles();
  if (isLoading || rolesLoading) return <p>loading</p>;
  return <p>{user ? `${user.firstName}${isAdmin ? ' (admin)' : ''}` : 'visitor'}</p>;
}

const ana = { id: 'u1', firstName: 'Ana', lastName: 'Roy', email: 'ana@example.org', profileImageUrl: null, createdAt: '2026-01-01T00:00:00Z' };

function sentBy(signedIn: '0' | '1' | null) {
  document.head.querySelector('meta[name="centre-signed-in"]')?.remove();
  if (signedIn === null) return;
  const meta = document.createElement('meta');
  meta.name = 'centre-signed-in';
  meta.content = signedIn;
  document.head.append(meta);
}

afterEach(() => {
  cleanup();
  sentBy(null);
  localStorage.clear();
});

describe('who is signed in', () => {
  it('is nobody, asked of nobody, on a page the server sent to a visitor; the last visit is forgotten', async () => {
    sentBy('0');
    localStorage.setItem('centre.signedIn', '1');
    const fetch = serve({ '/api/auth/user': ana });
    await renderPage(<Who />);
    expect(await screen.findByText('visitor')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem('centre.signedIn')).toBeNull();
  });

  it("is the API's answer, with the roles, on any other page, and remembered for the next visit", async () => {
    sentBy('1');
    const fetch = serve({
      '/api/auth/user': ana,
      '/api/admin/status': { isAdmin: true },
      '/api/supervisor/status': { isSupervisor: false },
      '/api/camp-staff/status': { isCampStaff: false, weeks: [] },
    });
    await renderPage(<Who />);
    expect(await screen.findByText('Ana (admin)')).toBeTruthy();
    expect(fetch.mock.calls.map(([path]) => path).sort()).toEqual(['/api/admin/status', '/api/auth/user', '/api/camp-staff/status', '/api/supervisor/status']);
    expect(localStorage.getItem('centre.signedIn')).toBe('1');
  });

  it('is asked when the page does not say (shell.html, or any page the service worker answered)', async () => {
    const fetch = serve({ '/api/auth/user': null });
    await renderPage(<Who />);
    expect(await screen.findByText('visitor')).toBeTruthy();
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/auth/user']);
  });
});
