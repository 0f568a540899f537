// The browser's zone must not matter: run these in a zone far from the centre's.
process.env.TZ = 'Asia/Tokyo';

import { describe, expect, it } from 'vitest';
import { formatDeadline } from './deadline';

describe('payment deadlines', () => {
  it("shows a date's deadline (the next midnight at the centre) as that day at 23:59", () => {
    // Paid by the end of 30 June 2026: 1 July 00:00 EDT is 04:00 UTC.
    expect(formatDeadline('2026-07-01T04:00:00Z', 'fr')).toBe('30/06/2026 23:59');
    expect(formatDeadline('2026-07-01T04:00:00Z', 'en')).toBe('2026-06-30 23:59');
  });

  it('shows any other instant as it is, in the centre time zone', () => {
    expect(formatDeadline('2026-07-15T18:32:00Z', 'fr')).toBe('15/07/2026 14:32');
    expect(formatDeadline('nonsense', 'fr')).toBe('');
  });
});
