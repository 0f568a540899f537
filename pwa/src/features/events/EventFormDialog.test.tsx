import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { loadCoreFromBytes } from '../../core';
import { json, renderPage } from '../../test/render';
import { EventFormDialog } from './EventFormDialog';

// The form's rules are centre-core's, through core-wasm.
beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the console's event form", () => {
  it('asks how long an offer holds a place, refuses 1 hour as core does and sends 6', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (init?.method === 'POST' && path === '/api/events') {
          sent.push(JSON.parse(String(init.body)));
          return json(201, {});
        }
        return json(200, null);
      }),
    );
    await renderPage(<EventFormDialog open event={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel événement' });
    const hours = within(dialog).getByLabelText('Délai pour accepter une offre (heures)');
    expect(within(dialog).getByText('Vide : 48 h par défaut (moins quand l\'événement approche).')).toBeTruthy();
    const fill = (name: string, value: string) => {
      const field = dialog.querySelector(`[name="${name}"]`);
      if (field) fireEvent.change(field, { target: { value } });
    };
    fill('title', 'Tournoi du soir');
    fill('description', 'Tournoi amical.');
    fill('startDate', '2030-07-01T18:00');
    const submit = async () => {
      await act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: "Créer l'événement" }));
      });
    };
    fireEvent.change(hours, { target: { value: '1' } });
    await submit();
    expect(await within(dialog).findByText('Le délai doit être un nombre entier de 2 à 336 heures.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(hours, { target: { value: '6' } });
    await submit();
    expect(sent).toMatchObject([{ title: 'Tournoi du soir', offerHours: 6 }]);
  });
});
