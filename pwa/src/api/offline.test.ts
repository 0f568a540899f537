import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../db/database';
import { ApiError } from './client';
import { keepOfflineNow, offlineFirst } from './offline';

const KEY = ['api', 'admin', 'tournaments', '5', 'matches'] as const;
const kept = () => db.cache.get('api/admin/tournaments/5/matches');

beforeEach(async () => {
  await db.cache.clear();
  localStorage.clear();
});

describe('reads that work offline', () => {
  it('runs while offline, keeps each good answer, and answers the kept copy when there is no network', async () => {
    const online = offlineFirst(KEY, async () => [{ id: 1 }]);
    expect(online.networkMode).toBe('offlineFirst');
    expect(await online.queryFn()).toEqual([{ id: 1 }]);
    await expect.poll(async () => (await kept())?.data).toEqual([{ id: 1 }]);

    const offline = offlineFirst(KEY, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await offline.queryFn()).toEqual([{ id: 1 }]);
  });

  it('never hides an answer of the server, and fails offline when nothing was kept', async () => {
    const refused = new ApiError(404, 'Introuvable', 'not_found');
    await expect(offlineFirst(KEY, () => Promise.reject(refused)).queryFn()).rejects.toBe(refused);
    const noNetwork = new TypeError('Failed to fetch');
    await expect(offlineFirst(KEY, () => Promise.reject(noNetwork)).queryFn()).rejects.toBe(noNetwork);
  });

  it('forgets the kept copy on a null answer (signed out), and keeps nothing for a visitor', async () => {
    const user = ['api', 'auth', 'user'] as const;
    expect(await offlineFirst(user, async () => null).queryFn()).toBeNull();
    expect(localStorage.getItem('centre.kept')).toBeNull();

    await offlineFirst(user, async () => ({ id: 'u1' })).queryFn();
    await expect.poll(async () => (await db.cache.get('api/auth/user'))?.data).toEqual({ id: 'u1' });
    expect(localStorage.getItem('centre.kept')).toBe('1');
    await offlineFirst(user, async () => null).queryFn();
    await expect.poll(() => db.cache.get('api/auth/user')).toBeUndefined();
  });

  it('forgets everything kept once nobody is signed in, so a phone passed on shows no one\'s data', async () => {
    const user = ['api', 'auth', 'user'] as const;
    await offlineFirst(user, async () => ({ id: 'admin' }), true).queryFn();
    await offlineFirst(KEY, async () => [{ id: 1 }]).queryFn();
    await expect.poll(async () => (await kept())?.data).toEqual([{ id: 1 }]);
    await offlineFirst(user, async () => null, true).queryFn();
    await expect.poll(() => db.cache.count()).toBe(0);
    expect(localStorage.getItem('centre.kept')).toBeNull();
  });
});

describe('a page that must work offline', () => {
  it('has its reads kept at once when it asks, not once the page has settled', async () => {
    await offlineFirst(KEY, async () => [{ id: 2 }]).queryFn();
    await keepOfflineNow();
    expect((await kept())?.data).toEqual([{ id: 2 }]);
    // From then on every read is kept as it comes.
    await offlineFirst(KEY, async () => [{ id: 3 }]).queryFn();
    await keepOfflineNow();
    expect((await kept())?.data).toEqual([{ id: 3 }]);
  });
});
