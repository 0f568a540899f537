// The browser's zone must not matter: run these far from the centre.
process.env.TZ = 'Asia/Tokyo';

import { describe, expect, it } from 'vitest';
import { fromCentreInput, toCentreInput } from './dateInput';

describe('datetime-local values are the centre’s wall clock', () => {
  it('converts both ways in summer and winter', () => {
    expect(fromCentreInput('2026-07-01T09:00')).toBe('2026-07-01T13:00:00.000Z');
    expect(fromCentreInput('2026-12-01T09:00')).toBe('2026-12-01T14:00:00.000Z');
    expect(toCentreInput('2026-07-01T13:00:00Z')).toBe('2026-07-01T09:00');
    expect(toCentreInput('2026-12-01T14:00:00Z')).toBe('2026-12-01T09:00');
  });

  it('round-trips across the spring-forward day', () => {
    expect(fromCentreInput('2026-03-08T12:00')).toBe('2026-03-08T16:00:00.000Z');
    expect(toCentreInput(fromCentreInput('2026-03-08T12:00'))).toBe('2026-03-08T12:00');
  });

  it('keeps empty and unreadable values for the validator', () => {
    expect(fromCentreInput('')).toBe('');
    expect(fromCentreInput('demain')).toBe('demain');
    expect(toCentreInput(null)).toBe('');
    expect(toCentreInput('nonsense')).toBe('');
  });
});
