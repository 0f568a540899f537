import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { loadCoreFromBytes } from '../../core';
import { json, renderPage } from '../../test/render';
import { AdminPaymentsTab } from './AdminPaymentsTab';
import type { PaymentsOverview } from './queries';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const overview: PaymentsOverview = {
  unpaid: [
    {
      kind: 'event', id: 11, reference: 'EV3-K7MQ2X', name: 'Les Smash', title: 'Tournoi du lac', amountDue: 80,
      registeredAt: '2026-07-01T16:30:00Z', daysSince: 12, remindersSent: 1, nextReminderAt: '2026-07-15T16:30:00Z',
      deadline: '2026-07-11T04:00:00Z', heldByTournament: true,
    },
    {
      kind: 'camp', id: 4, reference: 'CJ-ABC234', name: 'Léa Roy', title: 'explorateurs', amountDue: 240,
      registeredAt: '2026-07-02T13:00:00Z', daysSince: 11, remindersSent: 0, nextReminderAt: null, deadline: null, heldByTournament: false,
    },
  ],
  expired: [{ kind: 'camp', id: 5, reference: 'CJ-XYZ789', name: 'Noé Roy', title: 'leaders', amountDue: 160, releasedAt: '2026-07-10T14:00:00Z' }],
  events: [{ eventId: 3, title: 'Tournoi du lac', expected: 160, received: 80, outstanding: 80 }],
  campWeeks: [{ weekId: 1, label: 'week1', expected: 240, received: 0, outstanding: 240 }],
  liveOffers: 2,
};

// The expired rows' actions are centre-core's moves (components/PaymentActions.tsx).
beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderTab(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, body)),
  );
  await renderPage(<AdminPaymentsTab />);
}

describe('the Paiements tab', () => {
  it('lists the unpaid registrations with their dates at the centre, and the team a tournament keeps', async () => {
    await renderTab(overview);
    const table = await screen.findByRole('table', { name: "Inscriptions en attente de paiement, les plus anciennes d'abord" });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Type', 'Nom', 'Événement ou programme', 'Référence', 'Montant', 'Inscrit le', 'Jours depuis', 'Rappels envoyés', 'Date limite',
    ]);
    const [smash, lea] = within(table).getAllByTestId('unpaid-row');
    expect(plain(smash?.textContent)).toBe(
      'ÉvénementLes Smash⚠Équipe en tournoiTournoi du lacEV3-K7MQ2X80,00 $01/07/2026 12:30121Prochain : 15/07/2026 12:3010/07/2026 23:59',
    );
    expect(plain(lea?.textContent)).toBe('Camp de jourLéa RoyExplorateursCJ-ABC234240,00 $02/07/2026 09:00110Aucune');
    expect(screen.getByTestId('unpaid-count').textContent).toBe('2 inscriptions impayées');
  });

  it('shows the totals in CAD and the expired registrations with their actions', async () => {
    await renderTab(overview);
    const events = await screen.findByRole('table', { name: 'Montants attendus, reçus et à recevoir par événement payant' });
    expect(plain(within(events).getAllByRole('row')[1]?.textContent)).toBe('Tournoi du lac160,00 $80,00 $80,00 $');
    const weeks = screen.getByRole('table', { name: 'Montants attendus, reçus et à recevoir par semaine de camp de jour' });
    expect(plain(within(weeks).getAllByRole('row')[1]?.textContent)).toBe('Semaine 1240,00 $0,00 $240,00 $');
    const expired = screen.getByTestId('expired-row');
    expect(within(expired).getByText('Leaders')).toBeTruthy();
    expect(within(expired).getByRole('button', { name: 'Restaurer : Noé Roy' })).toBeTruthy();
    expect(within(expired).getByRole('button', { name: 'Payé en retard : Noé Roy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exporter Excel' })).toBeTruthy();
    expect(screen.getByTestId('live-offers').textContent).toBe("2 offres de liste d'attente en cours (places réservées)");
    expect(screen.getByRole('button', { name: 'Date limite de paiement' })).toBeTruthy();
  });

  it('says when nothing is unpaid', async () => {
    await renderTab({ unpaid: [], expired: [], events: [], campWeeks: [], liveOffers: 0 });
    expect(await screen.findByText('Aucune inscription impayée.')).toBeTruthy();
    expect(screen.getByText('Aucune inscription expirée.')).toBeTruthy();
  });
});
