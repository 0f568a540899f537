// A captain's report leaves the outbox in the online report's shape, numbered.
import { describe, expect, it } from 'vitest';
import type { ReportEntry } from '../../db/outbox';
import { wire } from './reportStream';

const entry = (more: Partial<ReportEntry>): ReportEntry => ({
  kind: 'report', seq: 4, entryId: 'e4', enteredAt: '2026-07-11T14:05:00.000Z', state: 'pending', code: null, message: null,
  eventId: 7, matchId: 2, team1Score: 21, team2Score: 18, ...more,
});

describe('the report stream', () => {
  it('sends the sets where the phase has them, else the two scores, and a concession alone', () => {
    const numbered = { seq: 4, entryId: 'e4', matchId: 2, enteredAt: '2026-07-11T14:05:00.000Z' };
    expect(wire(entry({}))).toEqual({ ...numbered, team1Score: 21, team2Score: 18 });
    expect(wire(entry({ team1Score: 2, team2Score: 1, sets: [[21, 18], [17, 21], [15, 12]] }))).toEqual({ ...numbered, sets: [[21, 18], [17, 21], [15, 12]] });
    expect(wire(entry({ forfeit: true }))).toEqual({ ...numbered, forfeit: true });
  });
});
