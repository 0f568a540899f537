import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { json, renderPage } from '../../test/render';
import { ProgramSettings } from './ProgramSettingsForm';
import type { Program } from './queries';

const program = (id: string, offerHours: number | null): Program => ({
  id, name: id, minAge: 6, maxAge: 8, weeklyPrice: 120, features: [], dayStart: '08:00', dayEnd: '16:00',
  capacityPerWeek: 20, offerHours,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the forms with a stubbed API whose PUT answers `put`; returns the PUT bodies sent. */
async function renderForms(put: () => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        sent.push([path, JSON.parse(String(init.body))]);
        return put();
      }
      return json(200, null);
    }),
  );
  await renderPage(<ProgramSettings programs={[program('explorateurs', 6), program('leaders', null)]} name={(p) => `Programme ${p.id}`} />);
  return sent;
}

async function save(form: HTMLElement, hours: string) {
  const field = within(form).getByRole('spinbutton');
  await act(async () => {
    fireEvent.change(field, { target: { value: hours } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
  });
}

describe("the console's camp program form", () => {
  it("shows each program's offer window, blank for the default, and sends what the admin typed", async () => {
    const sent = await renderForms(() => json(200, program('explorateurs', 12)));
    const explorateurs = await screen.findByRole('form', { name: 'Programme explorateurs' });
    const leaders = screen.getByRole('form', { name: 'Programme leaders' });
    expect(within(explorateurs).getByLabelText('Programme explorateurs : délai pour accepter une offre (heures)')).toHaveProperty('value', '6');
    expect(within(leaders).getByRole('spinbutton')).toHaveProperty('value', '');
    expect(within(leaders).getByText('Vide : 48 h par défaut (moins quand la semaine approche).')).toBeTruthy();
    await save(explorateurs, '12');
    await save(leaders, '');
    expect(sent).toEqual([
      ['/api/admin/day-camp-programs/explorateurs', { offerHours: 12 }],
      ['/api/admin/day-camp-programs/leaders', { offerHours: null }],
    ]);
  });

  it("puts the server's refusal under the field", async () => {
    const message = 'Le délai doit être un nombre entier de 2 à 336 heures.';
    await renderForms(() => json(422, { code: 'validation', message: 'x', fieldErrors: { offerHours: message } }));
    const leaders = await screen.findByRole('form', { name: 'Programme leaders' });
    await save(leaders, '400');
    expect(await within(leaders).findByText(message)).toBeTruthy();
  });
});
