// The profile says what the account's address is: verified, claimed but not verified (the
// centre does not write to it and it reserves nothing), or none at all since a verified
// sign-in took it.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderPage, serve } from '../../test/render';
import { ProfilePage } from './ProfilePage';

afterEach(cleanup);

const account = (email: string | null, emailVerified: boolean) => ({
  id: 'u1', firstName: 'Eve', lastName: 'Roy', email, emailVerified, profileImageUrl: null, createdAt: '2026-01-01T00:00:00Z',
});

describe('the profile', () => {
  it('shows a verified address as it is', async () => {
    serve({ '/api/auth/user': account('eve@example.org', true) });
    await renderPage(<ProfilePage />, '/profile');
    expect(await screen.findByText('eve@example.org')).toBeTruthy();
    expect(screen.queryByText(/n'a pas vérifié/)).toBeNull();
  });

  it('says an unverified address gets no e-mail and is not reserved', async () => {
    serve({ '/api/auth/user': account('eve@example.org', false) });
    await renderPage(<ProfilePage />, '/profile');
    await screen.findByText('eve@example.org');
    expect(screen.getByText(/^Votre fournisseur d'identité n'a pas vérifié cette adresse/)).toBeTruthy();
  });

  it('says why an account has no address, and that its data stays its own', async () => {
    serve({ '/api/auth/user': account(null, false) });
    await renderPage(<ProfilePage />, '/profile');
    expect(await screen.findByText(/^Aucune : une autre personne a confirmé .* Vos données restent les vôtres\./)).toBeTruthy();
  });
});
