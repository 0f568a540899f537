import { describe, expect, it } from 'vitest';
import type { AttendanceEntry } from '../../../db/outbox';
import type { ChildAttendance } from '../queries';
import { childView, dayOfWeek } from './view';

const child = (over: Partial<ChildAttendance> = {}): ChildAttendance => ({
  registrationId: 3, programId: 'explorateurs', childFirstName: 'Léa', childLastName: 'Roy', parentName: 'Ana Roy',
  authorised: ['Julie Roy'], mayLeaveAlone: false, arrivedAt: null, leftAt: null, pickupKind: null, pickupName: null,
  absenceNotice: false, absentWithoutNotice: true, overrides: [], ...over,
});

let seq = 0;
const mine = (action: AttendanceEntry['action'], state: AttendanceEntry['state'], over: Partial<AttendanceEntry> = {}): AttendanceEntry => ({
  kind: 'attendance', seq: ++seq, entryId: `e${seq}`, registrationId: 3, weekId: 2, day: '2030-07-02', action,
  at: '2030-07-02T12:00:00.000Z', enteredAt: '2030-07-02T12:00:00.000Z', state, code: null, message: null, ...over,
});

describe("a child's day on the phone", () => {
  it('shows an arrival tapped offline at once, and the flag goes', () => {
    const view = childView(child(), '2030-07-02', [mine('arrival', 'pending')]);
    expect(view).toMatchObject({ arrivedAt: '2030-07-02T12:00:00.000Z', flagged: false, waiting: true, refused: null });
    // Another day's entry changes nothing.
    expect(childView(child(), '2030-07-03', [mine('arrival', 'pending')])).toMatchObject({ arrivedAt: null, flagged: true, waiting: false });
  });

  it("shows a refused departure's reason and not the departure", () => {
    const refused = mine('departure', 'rejected', { pickupKind: 'other', pickupName: 'Oncle Paul', code: 'pickup_not_authorised', message: 'Pas autorisée' });
    const view = childView(child({ arrivedAt: '2030-07-02T12:00:00Z', absentWithoutNotice: false }), '2030-07-02', [mine('arrival', 'applied'), refused]);
    expect(view).toMatchObject({ leftAt: null, pickupName: null, refused: 'Pas autorisée', waiting: false });
  });

  it("takes the server's day as the truth once it has it, and a notice lowers the flag", () => {
    const server = child({ arrivedAt: '2030-07-02T12:05:00Z', leftAt: '2030-07-02T20:00:00Z', pickupKind: 'parent', absentWithoutNotice: false });
    expect(childView(server, '2030-07-02', [mine('arrival', 'duplicate')])).toMatchObject({ arrivedAt: '2030-07-02T12:05:00Z', pickupKind: 'parent' });
    expect(childView(child(), '2030-07-02', [mine('absence', 'pending')])).toMatchObject({ notice: true, flagged: false });
  });

  it("shows today when the week holds it, else the week's nearest day", () => {
    expect(dayOfWeek('2030-07-03', '2030-07-01', '2030-07-05')).toBe('2030-07-03');
    expect(dayOfWeek('2030-06-20', '2030-07-01', '2030-07-05')).toBe('2030-07-01');
    expect(dayOfWeek('2030-08-20', '2030-07-01', '2030-07-05')).toBe('2030-07-05');
  });
});
