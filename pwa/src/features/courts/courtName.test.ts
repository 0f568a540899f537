import { describe, expect, it } from 'vitest';
import { bookingCourt, courtNameIn } from './courtName';

const court = { name: 'Terrain de volleyball 1', nameEn: 'Volleyball court 1' };

describe("a court's name", () => {
  it('is English on English pages and French on French ones', () => {
    expect(courtNameIn(court, 'en', 'Volleyball court')).toBe('Volleyball court 1');
    expect(courtNameIn(court, 'en-CA', 'Volleyball court')).toBe('Volleyball court 1');
    expect(courtNameIn(court, 'fr', 'Terrain de volleyball')).toBe('Terrain de volleyball 1');
  });

  it('falls back to the French name, then to the generic name', () => {
    expect(courtNameIn({ name: 'Terrain du lac', nameEn: ' ' }, 'en', 'Volleyball court')).toBe('Terrain du lac');
    expect(courtNameIn({ name: '', nameEn: '' }, 'en', 'Volleyball court')).toBe('Volleyball court');
    expect(courtNameIn(undefined, 'fr', 'Terrain de volleyball')).toBe('Terrain de volleyball');
  });

  it("is read from a booking's two names", () => {
    expect(courtNameIn(bookingCourt({ courtName: 'Terrain 2', courtNameEn: 'Court 2' }), 'en', '')).toBe('Court 2');
  });
});
