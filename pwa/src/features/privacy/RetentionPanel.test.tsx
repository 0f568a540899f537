import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { json, renderPage, serve } from '../../test/render';
import { RetentionPanel } from './RetentionPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const retention = {
  healthMonths: 12,
  recordsYears: 6,
  updatedAt: '2026-01-01T00:00:00Z',
  upcoming: [
    { kind: 'sentEmail', dueOn: '2026-11-20', count: 3 },
    { kind: 'health', dueOn: '2027-08-14', count: 12 },
    { kind: 'campRegistration', dueOn: '2033-01-01', count: 12 },
  ],
  ownerlessEmails: 2,
};

describe('the retention panel', () => {
  it('shows the periods and what goes when, a past day as the next pass', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T15:00:00Z'), toFake: ['Date'] });
    serve({ '/api/admin/privacy-retention': retention });
    await renderPage(<RetentionPanel />);
    const months = await screen.findByLabelText<HTMLInputElement>(/Fiches santé/);
    await waitFor(() => expect(months.value).toBe('12'));
    const rows = screen.getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['au prochain passage', 'Courriels envoyés supprimés', '3'],
      ['14 août 2027', 'Fiches santé effacées', '12'],
      ['1 janvier 2033', 'Inscriptions au camp anonymisées', '12'],
    ]);
    expect(screen.getByTestId('retention-ownerless').textContent).toMatch(/^2 courriels écrits avant .* ne figurent dans les données de personne/);
  });

  it("puts the server's refusal on the field", async () => {
    const fetch = serve({
      '/api/admin/privacy-retention': (() => {
        let calls = 0;
        return () => {
          calls += 1;
          if (calls === 1) return json(200, retention);
          const refusal = {
            code: 'validation',
            message: 'Certains champs sont invalides.',
            fieldErrors: { recordsYears: "Un nombre entier d'années, de 6 (le minimum de la loi fiscale) à 20." },
          };
          return json(422, refusal);
        };
      })(),
    });
    await renderPage(<RetentionPanel />);
    const years = await screen.findByLabelText(/Inscriptions, réservations et paiements/);
    fireEvent.change(years, { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    });
    expect(await screen.findByText("Un nombre entier d'années, de 6 (le minimum de la loi fiscale) à 20.")).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ healthMonths: '12', recordsYears: '5' });
  });
});
