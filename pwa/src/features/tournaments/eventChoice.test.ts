// The browser's zone must not matter: run in a zone far from the centre's.
process.env.TZ = 'Asia/Tokyo';

import { describe, expect, it } from 'vitest';
import { upcomingEvents } from './eventChoice';

describe("the Tournois tab's event selector", () => {
  it('keeps events starting today or later at the centre, soonest first', () => {
    // 1 July 2030, 22:00 in Toronto (2 July in UTC and in Tokyo).
    const now = new Date('2030-07-02T02:00:00Z');
    const events = [
      { id: 1, startDate: '2030-07-05T13:00:00Z' },
      { id: 2, startDate: '2030-07-01T12:00:00Z' }, // this morning at the centre: today, kept
      { id: 3, startDate: '2030-06-30T23:00:00Z' }, // 30 June at 19:00 at the centre: past
      { id: 4, startDate: '2030-07-02T03:30:00Z' }, // still 1 July at the centre
    ];
    expect(upcomingEvents(events, now).map((e) => e.id)).toEqual([2, 4, 1]);
  });
});
