import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { fetchCurrentUser } from './queries';

const answer = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the current user', () => {
  it('is null when the server answers null (signed out: a 200, no error in the console)', async () => {
    answer(200, null);
    expect(await fetchCurrentUser()).toBeNull();
  });

  it('is the user the server answers when signed in', async () => {
    const me = { id: 'u1', firstName: 'Ana', lastName: 'Roy', email: 'ana@example.org', profileImageUrl: null, createdAt: '2026-01-01T00:00:00Z' };
    answer(200, me);
    expect(await fetchCurrentUser()).toEqual(me);
  });

  it('is still null on a 401 (an older server), and other failures are errors', async () => {
    answer(401, { message: 'Non authentifié', code: 'unauthorized' });
    expect(await fetchCurrentUser()).toBeNull();
    answer(500, { message: 'Erreur', code: 'internal' });
    await expect(fetchCurrentUser()).rejects.toBeInstanceOf(ApiError);
  });
});
