import { describe, expect, it } from 'vitest';
import { byPool, medalAt, publicOrder, qualificationZone, signed } from './standings';
import { standing } from './testFixtures';

describe('standings highlighting in the console', () => {
  it('colours the top 2 for the final and rows 3 and 4 for the semifinals', () => {
    expect([1, 2, 3, 4, 5, 8].map((position) => qualificationZone(position))).toEqual(['final', 'final', 'semifinal', 'semifinal', null, null]);
  });

  it('never colours a withdrawn team, and lists it last on the event page', () => {
    expect(qualificationZone(2, true)).toBeNull();
    const rows = [
      standing({ teamId: 1, position: 2, tournamentPoints: 3, pointsDifferential: 2 }),
      standing({ teamId: 2, position: 3, tournamentPoints: 6, pointsDifferential: 20, withdrawn: true }),
      standing({ teamId: 3, position: 1, tournamentPoints: 4, pointsDifferential: 1 }),
    ];
    expect(publicOrder(rows).map((row) => row.teamId)).toEqual([3, 1, 2]);
  });

  it('splits the standings into one table per pool, each by position', () => {
    const rows = [
      standing({ pool: 1, position: 2, teamId: 4 }),
      standing({ pool: 0, position: 2, teamId: 2 }),
      standing({ pool: 1, position: 1, teamId: 3 }),
      standing({ pool: 0, position: 1, teamId: 1 }),
    ];
    expect(byPool(rows).map((pool) => pool.map((r) => r.teamId))).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});

describe('the public Classement', () => {
  it('sorts by points, then differential, and gives medals to the top three', () => {
    const rows = [
      standing({ teamId: 1, position: 3, tournamentPoints: 3, pointsDifferential: 10 }),
      standing({ teamId: 2, position: 1, tournamentPoints: 6, pointsDifferential: -2 }),
      standing({ teamId: 3, position: 2, tournamentPoints: 3, pointsDifferential: 12 }),
      standing({ teamId: 4, position: 4, tournamentPoints: 0, pointsDifferential: -20 }),
    ];
    expect(publicOrder(rows).map((r) => r.teamId)).toEqual([2, 3, 1, 4]);
    expect([0, 1, 2, 3].map(medalAt)).toEqual(['gold', 'silver', 'bronze', null]);
  });

  it('writes differentials with their sign', () => {
    expect([5, 0, -3].map(signed)).toEqual(['+5', '0', '-3']);
  });
});
