import { describe, expect, it } from 'vitest';
import { proposedYear } from '../Rl24Section';
import { EMPTY_PAYERS, payersOf } from './values';

describe('RL-24 payers in the day-camp form', () => {
  it('sends one payer, or two when the second is asked for', () => {
    const one = { ...EMPTY_PAYERS, 'payers.0.name': 'Ana Roy', 'payers.1.name': 'Marc Roy' };
    expect(payersOf(one)).toEqual([{ name: 'Ana Roy', street: '', city: '', province: 'QC', postalCode: '', sin: '' }]);
    expect(payersOf({ ...one, secondPayer: true }).map((p) => p.name)).toEqual(['Ana Roy', 'Marc Roy']);
  });

  it('proposes the past year until the end of April', () => {
    expect(proposedYear('2027-01-15')).toBe(2026);
    expect(proposedYear('2027-04-30')).toBe(2026);
    expect(proposedYear('2027-05-01')).toBe(2027);
  });
});
