import { Dexie } from 'dexie';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from './database';
import { attendanceEntries, enqueueAttendance, enqueueEntry, pendingEntries, tournamentEntries, waitingCount } from './outbox';

/** The outbox as version 1 of the app wrote it (before sets). */
const VERSION_1 = { meta: 'key', outbox: 'seq, state, tournamentId', cache: 'key' };

const v1Entry = (seq: number, state: string) => ({
  seq,
  entryId: `00000000-0000-4000-8000-00000000000${seq}`,
  tournamentId: 5,
  eventId: 7,
  matchId: 10 + seq,
  team1Score: 21,
  team2Score: 15 + seq,
  baseVersion: 2,
  team1Id: 11,
  team2Id: 12,
  enteredAt: '2030-07-01T14:05:00.000Z',
  state,
  code: null,
  message: null,
});

afterAll(() => db.close());

describe("the phone's database, version 3 (entries of several kinds)", () => {
  it('keeps every entry written under version 1, waiting or answered, as a score, and numbers on after them across kinds', async () => {
    db.close();
    await Dexie.delete(db.name);
    const old = new Dexie(db.name);
    old.version(1).stores(VERSION_1);
    const written = [v1Entry(1, 'applied'), v1Entry(2, 'pending'), v1Entry(3, 'pending')];
    await old.table('outbox').bulkAdd(written);
    await old.table('meta').put({ key: 'device', deviceId: 'a1b2c3d4-0000-4000-8000-000000000000', nextSeq: 4 });
    await old.table('cache').put({ key: 'k', data: { kept: true }, savedAt: 1 });
    old.close();

    await db.open();
    expect(db.verno).toBe(3);
    // Nothing rewritten but the kind: the waiting entries still wait, as they were (no `sets`: a
    // single score), and every one is a score.
    const asScores = written.map((e) => ({ ...e, kind: 'score' }));
    expect(await pendingEntries(10)).toEqual([asScores[1], asScores[2]]);
    expect(await tournamentEntries(5)).toEqual(asScores);
    expect((await db.cache.get('k'))?.data).toEqual({ kept: true });

    // A new entry, with its sets, takes the next number of the same device.
    const next = await enqueueEntry({ tournamentId: 5, eventId: 7, matchId: 20, team1Score: 2, team2Score: 1, baseVersion: 1, sets: [[21, 18], [17, 21], [15, 10]] });
    expect(next.seq).toBe(4);
    expect(await db.outbox.get(4)).toMatchObject({ sets: [[21, 18], [17, 21], [15, 10]], state: 'pending' });
    expect((await pendingEntries(10)).map((e) => e.seq)).toEqual([2, 3, 4]);

    // An arrival takes the device's next number too, and waits after the scores.
    const arrival = await enqueueAttendance({ registrationId: 3, weekId: 2, day: '2030-07-02', action: 'arrival', at: '2030-07-02T12:00:00.000Z' });
    expect(arrival).toMatchObject({ seq: 5, kind: 'attendance', state: 'pending' });
    expect((await pendingEntries(10)).map((e) => [e.seq, e.kind])).toEqual([[2, 'score'], [3, 'score'], [4, 'score'], [5, 'attendance']]);
    expect([await waitingCount('score'), await waitingCount('attendance'), await waitingCount()]).toEqual([3, 1, 4]);
    expect((await attendanceEntries(2)).map((e) => e.seq)).toEqual([5]);
    expect((await tournamentEntries(5)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });
});
