// The counsellor's day with this phone's entries on top, drawn by centre-core's rule (core-wasm,
// compiled from the built .wasm): what each entry does, whether it waits, and what the server or
// the rule says of a refused one.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreFromBytes, loadedCore, type CoreModule } from '../../../core';
import type { AttendanceEntry } from '../../../db/outbox';
import type { ChildAttendance } from '../queries';
import { childView as viewOf, dayOfWeek } from './view';

let core: CoreModule;

beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
  core = loadedCore()!;
});

const childView = (child: ChildAttendance, day: string, entries: AttendanceEntry[], lang = 'fr') => viewOf(core, child, day, entries, lang);

const child = (over: Partial<ChildAttendance> = {}): ChildAttendance => ({
  registrationId: 3, programId: 'explorateurs', childFirstName: 'Léa', childLastName: 'Roy', parentName: 'Ana Roy',
  authorised: ['Julie Roy'], mayLeaveAlone: false, arrivedAt: null, leftAt: null, pickupKind: null, pickupName: null,
  absenceNotice: false, absentWithoutNotice: true, overrides: [], ...over,
});

let seq = 0;
/** 2030-07-02 at `hour`:00 in Toronto (EDT), as UTC. */
const at = (hour: number) => `2030-07-02T${String(hour + 4).padStart(2, '0')}:00:00.000Z`;
const mine = (action: AttendanceEntry['action'], state: AttendanceEntry['state'], over: Partial<AttendanceEntry> = {}): AttendanceEntry => ({
  kind: 'attendance', seq: ++seq, entryId: `e${seq}`, registrationId: 3, weekId: 2, day: '2030-07-02', action,
  at: at(8), enteredAt: at(8), state, code: null, message: null, ...over,
});

describe("a child's day on the phone", () => {
  it('shows an arrival tapped offline at once, and the flag goes', () => {
    const view = childView(child(), '2030-07-02', [mine('arrival', 'pending')]);
    expect(view).toMatchObject({ arrivedAt: '2030-07-02T12:00:00Z', flagged: false, waiting: true, refused: null, willRefuse: null });
    // Another day's entry changes nothing.
    expect(childView(child(), '2030-07-03', [mine('arrival', 'pending')])).toMatchObject({ arrivedAt: null, flagged: true, waiting: false });
  });

  it("shows a refused departure's reason and not the departure", () => {
    const refused = mine('departure', 'rejected', { at: at(16), pickupKind: 'other', pickupName: 'Oncle Paul', code: 'pickup_not_authorised', message: 'Pas autorisée' });
    const view = childView(child({ arrivedAt: '2030-07-02T12:00:00Z', absentWithoutNotice: false }), '2030-07-02', [mine('arrival', 'applied'), refused]);
    expect(view).toMatchObject({ leftAt: null, pickupName: null, refused: 'Pas autorisée', waiting: false });
  });

  it("takes the server's day as the truth once it has it, and a notice lowers the flag", () => {
    const server = child({ arrivedAt: '2030-07-02T12:05:00Z', leftAt: '2030-07-02T20:00:00Z', pickupKind: 'parent', absentWithoutNotice: false });
    expect(childView(server, '2030-07-02', [mine('arrival', 'duplicate')])).toMatchObject({ arrivedAt: '2030-07-02T12:05:00Z', pickupKind: 'parent' });
    expect(childView(child(), '2030-07-02', [mine('absence', 'pending')])).toMatchObject({ notice: true, flagged: false });
  });

  it('shows a waiting departure with someone on the list, and who', () => {
    const view = childView(child(), '2030-07-02', [mine('arrival', 'pending'), mine('departure', 'pending', { at: at(16), pickupKind: 'authorised', pickupName: 'Julie Roy' })]);
    expect(view).toMatchObject({ arrivedAt: '2030-07-02T12:00:00Z', leftAt: '2030-07-02T20:00:00Z', pickupKind: 'authorised', pickupName: 'Julie Roy', waiting: true });
  });

  it("does not show a waiting departure the rule refuses, and says why it will be refused, until an admin's override", () => {
    const arrived = child({ arrivedAt: '2030-07-02T12:00:00Z', absentWithoutNotice: false });
    const paul = mine('departure', 'pending', { at: at(16), pickupKind: 'other', pickupName: 'Oncle Paul' });
    const view = childView(arrived, '2030-07-02', [paul]);
    expect(view).toMatchObject({ leftAt: null, pickupName: null, waiting: true, refused: null });
    expect(view.willRefuse).toMatch(/^Cette personne n'est pas autorisée/);
    expect(childView(arrived, '2030-07-02', [paul], 'en').willRefuse).toMatch(/^This person is not authorised/);
    const override = { id: 1, registrationId: 3, day: '2030-07-02', personName: 'Oncle Paul', reason: 'La mère a appelé', adminEmail: 'direction@example.org', createdAt: '2030-07-02T18:00:00Z' };
    const allowed = { ...arrived, overrides: [override] };
    expect(childView(allowed, '2030-07-02', [paul])).toMatchObject({ leftAt: '2030-07-02T20:00:00Z', pickupKind: 'other', pickupName: 'Oncle Paul', willRefuse: null });
  });

  it("shows today when the week holds it, else the week's nearest day", () => {
    expect(dayOfWeek('2030-07-03', '2030-07-01', '2030-07-05')).toBe('2030-07-03');
    expect(dayOfWeek('2030-06-20', '2030-07-01', '2030-07-05')).toBe('2030-07-01');
    expect(dayOfWeek('2030-08-20', '2030-07-01', '2030-07-05')).toBe('2030-07-05');
  });
});
