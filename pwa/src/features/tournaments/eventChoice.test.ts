// The browser's zone must not matter: run in a zone far from the centre's.
process.env.TZ = 'Asia/Tokyo';

import { describe, expect, it } from 'vitest';
import { tournamentChoice, upcomingEvents, tournamentNames } from './eventChoice';

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

describe('the event the Tournois tab opens on', () => {
  // 1 July 2030, 22:00 in Toronto (2 July in UTC and in Tokyo).
  const now = new Date('2030-07-02T02:00:00Z');
  const plain = { id: 1, startDate: '2030-07-01T12:00:00Z', hasTournament: false };
  const next = { id: 2, startDate: '2030-07-20T13:00:00Z', hasTournament: true };
  const today = { id: 3, startDate: '2030-07-01T13:00:00Z', hasTournament: true };
  const past = { id: 4, startDate: '2030-06-10T13:00:00Z', hasTournament: true };
  const older = { id: 5, startDate: '2030-05-10T13:00:00Z', hasTournament: true };
  const weekend = { id: 6, startDate: '2030-06-30T13:00:00Z', endDate: '2030-07-02T01:00:00Z', hasTournament: true };

  it("opens on today's tournament, not the first event of the list", () => {
    expect(tournamentChoice([plain, next, today, past], now).opened?.id).toBe(3);
  });

  it('counts a tournament that started yesterday and ends today as today’s', () => {
    const { list, opened } = tournamentChoice([plain, next, weekend], now);
    expect(opened?.id).toBe(6);
    expect(list.map((e) => e.id)).toEqual([6, 1, 2]);
  });

  it('else the next one, else the most recent, listed even though past', () => {
    expect(tournamentChoice([plain, next, past], now).opened?.id).toBe(2);
    const { list, opened } = tournamentChoice([plain, older, past], now);
    expect(opened?.id).toBe(4);
    expect(list.map((e) => e.id)).toEqual([4, 1]);
  });

  it('with no tournament anywhere, the first upcoming event', () => {
    expect(tournamentChoice([plain], now).opened?.id).toBe(1);
    expect(tournamentChoice([], now).opened).toBeNull();
  });
});

describe("the tab's names", () => {
  const event = { title: 'Tournoi de volleyball de plage', titleEn: 'Beach volleyball tournament' };
  it('gives a tournament named after its event the title in the page language', () => {
    expect(tournamentNames('Tournoi de volleyball de plage', event, 'en')).toEqual({ event: 'Beach volleyball tournament', tournament: 'Beach volleyball tournament' });
    expect(tournamentNames('Tournoi de volleyball de plage', event, 'fr')).toEqual({ event: 'Tournoi de volleyball de plage', tournament: 'Tournoi de volleyball de plage' });
  });
  it('keeps a name an admin chose, and the French title when there is no English one', () => {
    expect(tournamentNames('Coupe Hérons', event, 'en')).toEqual({ event: 'Beach volleyball tournament', tournament: 'Coupe Hérons' });
    expect(tournamentNames('Tournoi', { title: 'Tournoi', titleEn: ' ' }, 'en')).toEqual({ event: 'Tournoi', tournament: 'Tournoi' });
  });
});
