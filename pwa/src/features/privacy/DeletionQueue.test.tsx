import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { DeletionStatus } from '../../api/types';
import { renderPage, serve } from '../../test/render';
import { DeletionQueue } from './DeletionQueue';

const request = (id: number, email: string, daysLeft: number | null, status: DeletionStatus, note: string | null = null) => ({
  id,
  userId: `u-${id}`,
  firstName: null,
  lastName: null,
  email,
  reason: null,
  requestedAt: '2026-05-01T14:00:00Z',
  answerDue: '2026-05-31',
  daysLeft,
  status,
  answeredAt: status === 'open' ? null : '2026-05-20T14:00:00Z',
  note,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the deletion queue', () => {
  it('shows each open request with its clock, overdue in red, and the answered ones with their outcome', async () => {
    serve({
      '/api/admin/deletion-requests': [
        request(1, 'retard@example.org', -3, 'open'),
        request(2, 'atemps@example.org', 12, 'open'),
        request(3, 'refus@example.org', null, 'refused', 'Inscription en cours'),
      ],
    });
    await renderPage(<DeletionQueue />);
    const rows = await screen.findAllByTestId('deletion-request');
    expect(rows).toHaveLength(3);
    const clocks = screen.getAllByTestId('deletion-clock');
    expect(clocks.map((c) => c.textContent)).toEqual(['En retard de 3 jours', '12 jours restants']);
    expect(clocks[0]?.className).toContain('text-red-700');
    expect(clocks[1]?.className).not.toContain('text-red-700');
    expect(rows[2]?.textContent).toContain('Refusée — Inscription en cours');
    expect(rows[2]?.querySelector('button')).toBeNull();
    expect(rows[0]?.textContent).toContain('31 mai 2026');
  });
});
