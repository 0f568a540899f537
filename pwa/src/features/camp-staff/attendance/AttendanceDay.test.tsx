// The counsellor's day: a tap records an arrival in the phone's outbox at once (shown, waiting);
// a departure asks who picks up and warns that anyone else needs an admin's override; another
// day than today records nothing.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { reportAnswer } from '../../../api/reachability';
import { loadCoreFromBytes } from '../../../core';
import { db } from '../../../db/database';
import { attendanceEntries } from '../../../db/outbox';
import { centreToday } from '../../../lib/dates';
import { SyncStarter } from '../../../sync/SyncStarter';
import { renderPage, serve } from '../../../test/render';
import type { ChildAttendance } from '../queries';
import { AttendanceDay } from './AttendanceDay';

const today = centreToday();

const child = (over: Partial<ChildAttendance>): ChildAttendance => ({
  registrationId: 3, programId: 'explorateurs', childFirstName: 'Léa', childLastName: 'Roy', parentName: 'Ana Roy',
  authorised: ['Julie Roy'], mayLeaveAlone: false, arrivedAt: null, leftAt: null, pickupKind: null, pickupName: null,
  absenceNotice: false, absentWithoutNotice: false, overrides: [], ...over,
});

/** The day, with the sync running as the app's root runs it for a counsellor (src/sync/SyncRoot.tsx). */
const renderDay = (day: string) =>
  renderPage(
    <>
      <SyncStarter />
      <AttendanceDay weekId={2} day={day} isAdmin={false} />
    </>,
  );

const elodie = { id: 'u2', firstName: 'Élodie', lastName: 'Bérubé', email: 'animatrice@example.org', profileImageUrl: null, createdAt: '2026-01-01T00:00:00Z' };

/** A counsellor signed in, and the day's read (the push has no route here: a 404). */
function api(day: string, children: ChildAttendance[]) {
  return serve({
    '/api/auth/user': elodie,
    '/api/admin/status': { isAdmin: false },
    '/api/supervisor/status': { isSupervisor: false },
    '/api/camp-staff/status': { isCampStaff: true, weeks: [] },
    [`/api/camp-staff/weeks/2/attendance?date=${day}`]: { weekId: 2, date: day, children },
  });
}

beforeAll(async () => {
  // What the waiting taps do is core-wasm's (view.ts): the built module, compiled from its bytes.
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
});

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.outbox.clear(), db.cache.clear()]);
  reportAnswer();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the counsellor's day", () => {
  it('records an arrival at once, waiting to be sent, and flags a child absent without notice', async () => {
    api(today, [child({}), child({ registrationId: 4, childFirstName: 'Noé', absentWithoutNotice: true })]);
    // The push fails (no route in the stub): the entry waits.
    await renderDay(today);
    const lea = (await screen.findByRole('heading', { name: 'Léa Roy' })).closest('li') as HTMLElement;
    const noe = screen.getByRole('heading', { name: 'Noé Roy' }).closest('li') as HTMLElement;
    expect(within(noe).getByText('Absent sans avis')).toBeTruthy();
    expect(within(lea).queryByText('Absent sans avis')).toBeNull();
    expect((within(lea).getByRole('button', { name: 'Parti(e)' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.click(within(lea).getByRole('button', { name: 'Arrivé(e)' }));
    });
    await vi.waitFor(async () => expect((await attendanceEntries(2)).map((e) => [e.registrationId, e.action, e.day])).toEqual([[3, 'arrival', today]]));
    await within(lea).findByText(/^Arrivé\(e\) à /);
    // The server answered (a 404): it is there, so the line says the entry is on its way.
    expect((await screen.findByTestId('offline-line')).textContent).toBe('Synchronisation…');
    expect((within(lea).getByRole('button', { name: 'Arrivé(e)' }) as HTMLButtonElement).disabled).toBe(true);

    // The departure: who picks up; someone else is warned about the override.
    await act(async () => {
      fireEvent.click(within(lea).getByRole('button', { name: 'Parti(e)' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Départ de Léa Roy' });
    expect(within(dialog).getByRole('radio', { name: 'Ana Roy (parent)' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Julie Roy' })).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: /seul/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: "Quelqu'un d'autre" }));
    within(dialog).getByText(/il faut l'autorisation d'un administrateur/);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Inscrire le départ' }));
    });
    within(dialog).getByText('Indiquez le nom de la personne.');
    expect(await attendanceEntries(2)).toHaveLength(1);
  });

  it("says 'Hors ligne' with the entries waiting when the server does not answer, whatever the browser says", async () => {
    api(today, [child({})]);
    await renderDay(today);
    const lea = (await screen.findByRole('heading', { name: 'Léa Roy' })).closest('li') as HTMLElement;
    // The network goes: nothing answers, navigator.onLine stays true.
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await act(async () => {
      fireEvent.click(within(lea).getByRole('button', { name: 'Arrivé(e)' }));
    });
    await screen.findByText('Hors ligne · 1 présence en attente');
  });

  it('records nothing on another day than today', async () => {
    api('2000-07-03', [child({})]);
    await renderDay('2000-07-03');
    const lea = (await screen.findByRole('heading', { name: 'Léa Roy' })).closest('li') as HTMLElement;
    for (const name of ['Arrivé(e)', 'Parti(e)', 'Absence motivée']) {
      expect((within(lea).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    screen.getByText(/Ce n'est pas aujourd'hui/);
  });
});
