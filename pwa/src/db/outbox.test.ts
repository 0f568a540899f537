import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './database';
import { deviceId, enqueueEntry, pendingEntries, recordAnswers, resendAfter, tournamentEntries, waitingCount, watch, type NewEntry } from './outbox';

const entry = (matchId: number, overrides: Partial<NewEntry> = {}): NewEntry => ({
  tournamentId: 5,
  eventId: 7,
  matchId,
  team1Score: 21,
  team2Score: 15,
  baseVersion: 3,
  ...overrides,
});

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.outbox.clear(), db.cache.clear()]);
});

describe('the score outbox', () => {
  it('numbers entries 1, 2, 3 with one device id made once, and keeps what was entered', async () => {
    const at = new Date('2030-07-01T14:05:00Z');
    const first = await enqueueEntry(entry(1), at);
    const second = await enqueueEntry(entry(2, { team1Score: 10, team2Score: 21 }));
    const third = await enqueueEntry(entry(3));
    expect([first.seq, second.seq, third.seq]).toEqual([1, 2, 3]);
    expect(first).toMatchObject({ matchId: 1, team1Score: 21, team2Score: 15, baseVersion: 3, enteredAt: '2030-07-01T14:05:00.000Z', state: 'pending' });
    expect(first.entryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set([first.entryId, second.entryId, third.entryId]).size).toBe(3);
    const device = await deviceId();
    expect(device).toMatch(/^[0-9a-f-]{36}$/);
    expect(await deviceId()).toBe(device);
    expect((await db.meta.get('device'))?.nextSeq).toBe(4);
  });

  it('gives entries stored at the same time different numbers, with no gap', async () => {
    const rows = await Promise.all(Array.from({ length: 20 }, (_, i) => enqueueEntry(entry(i + 1))));
    expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await db.meta.get('device'))?.nextSeq).toBe(21);
  });

  it('writes the row and the next number in one transaction: when the counter fails, no row stays', async () => {
    await enqueueEntry(entry(1));
    const failing = () => {
      throw new Error('disk full');
    };
    db.meta.hook('updating', failing);
    try {
      await expect(enqueueEntry(entry(2))).rejects.toThrow('disk full');
    } finally {
      db.meta.hook('updating').unsubscribe(failing);
    }
    expect((await db.outbox.toArray()).map((e) => e.seq)).toEqual([1]);
    expect((await db.meta.get('device'))?.nextSeq).toBe(2);
    expect((await enqueueEntry(entry(2))).seq).toBe(2);
  });

  it('lists waiting entries in order, records answers, and makes entries after a number wait again', async () => {
    for (const id of [1, 2, 3, 4]) await enqueueEntry(entry(id));
    expect((await pendingEntries(3)).map((e) => e.seq)).toEqual([1, 2, 3]);
    await recordAnswers([
      { seq: 1, outcome: 'applied', code: null, message: null },
      { seq: 2, outcome: 'rejected', code: 'knockout_draw', message: 'Pas de nul en éliminatoire.' },
      { seq: 3, outcome: 'conflict', code: null, message: null },
    ]);
    expect(await waitingCount()).toBe(1);
    expect((await tournamentEntries(5)).map((e) => e.state)).toEqual(['applied', 'rejected', 'conflict', 'pending']);
    expect(await db.outbox.get(2)).toMatchObject({ code: 'knockout_draw', message: 'Pas de nul en éliminatoire.' });

    await resendAfter(1);
    expect((await tournamentEntries(5)).map((e) => e.state)).toEqual(['applied', 'pending', 'pending', 'pending']);
    expect((await db.outbox.get(2))?.code).toBeNull();
  });

  it('tells a watcher about every change', async () => {
    const seen: number[] = [];
    const stop = watch(waitingCount, (n) => seen.push(n));
    await expect.poll(() => seen).toEqual([0]);
    await enqueueEntry(entry(1));
    await expect.poll(() => seen.at(-1)).toBe(1);
    await recordAnswers([{ seq: 1, outcome: 'applied', code: null, message: null }]);
    await expect.poll(() => seen.at(-1)).toBe(0);
    stop();
  });
});
