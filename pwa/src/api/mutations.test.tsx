// A write's lists are read again after it, even when a read of them left before the write
// landed: a console filter changed just before 'Annuler' must not show the booking unchanged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createQueryClient } from './queryClient';
import { useApiMutation } from './mutations';

afterEach(() => {
  cleanup();
});

describe('a mutation and a read on its way', () => {
  it('reads the list again once the write is done, not the answer that left before it', async () => {
    let stored = 'confirmée';
    let release: (() => void) | undefined;
    const reads: string[] = [];
    // The first read leaves now and is answered only after the write: with the state before it.
    const read = vi.fn(async () => {
      const seen = stored;
      reads.push(seen);
      if (reads.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return seen;
    });
    let cancel: (() => void) | undefined;
    function Page() {
      const list = useQuery({ queryKey: ['api', 'list', 'filtered'], queryFn: read, placeholderData: (previous) => previous });
      const write = useApiMutation<void, null>({
        mutationFn: async () => {
          stored = 'annulée';
          return null;
        },
        invalidates: [['api', 'list']],
        failure: { title: 'x', description: 'x' },
      });
      cancel = () => write.mutate();
      return <p>{list.data ?? 'chargement'}</p>;
    }
    await act(async () => {
      render(
        <QueryClientProvider client={createQueryClient()}>
          <Page />
        </QueryClientProvider>,
      );
    });
    await act(async () => cancel?.());
    await act(async () => release?.());
    await screen.findByText('annulée');
    expect(reads.at(-1)).toBe('annulée');
  });
});
