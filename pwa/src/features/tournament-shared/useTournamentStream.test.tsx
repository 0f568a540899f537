import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../api/queryClient';
import { refreshEventTournament } from './queries';
import { adminTournament } from './testFixtures';
import type { Tournament } from './types';
import { COALESCE_MS, pushedVersion, REOPEN_MS, useTournamentStream } from './useTournamentStream';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  closed = false;
  readyState = 1;
  constructor(public url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  /** What the browser does when the server refuses the stream (a 503): closed, then `error`. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.push('error', '');
  }
  push(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

/** The event page's use: a change refetches the tournament and the member's team. */
function Live({ tournament }: { tournament: Tournament | null }) {
  const queryClient = useQueryClient();
  useTournamentStream(7, tournament, [], () => refreshEventTournament(queryClient, 7));
  return null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

describe('a page follows its tournament live', () => {
  it('reads the version a message carries', () => {
    expect(pushedVersion('{"version": 4}')).toBe(4);
    expect(pushedVersion('nonsense')).toBeNull();
  });

  it('invalidates the tournament and the team on a new version, closes on unmount and once completed', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const running = adminTournament({ status: 'in_progress', version: 3 });
    const view = render(
      <QueryClientProvider client={client}>
        <Live tournament={running} />
      </QueryClientProvider>,
    );
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe('/api/events/7/tournament/stream');

    // The message sent at connect carries the version on screen: nothing to refetch.
    act(() => source?.push('tournament', '{"version": 3}'));
    expect(invalidate).not.toHaveBeenCalled();

    act(() => source?.push('tournament', '{"version": 4}'));
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalled());
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['api', 'events', '7', 'tournament'],
      ['api', 'events', '7', 'user-team'],
    ]);

    view.rerender(
      <QueryClientProvider client={client}>
        <Live tournament={{ ...running, status: 'completed', version: 9 }} />
      </QueryClientProvider>,
    );
    expect(source?.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);

    view.rerender(
      <QueryClientProvider client={client}>
        <Live tournament={running} />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.opened).toHaveLength(2);
    view.unmount();
    expect(FakeEventSource.opened[1]?.closed).toBe(true);
  });

  it('asks again after a while when the server refuses the stream, and not after a mere drop', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('EventSource', FakeEventSource);
      const view = render(
        <QueryClientProvider client={createQueryClient()}>
          <Live tournament={adminTournament({ status: 'in_progress', version: 3 })} />
        </QueryClientProvider>,
      );
      const [first] = FakeEventSource.opened;
      // A dropped connection: the browser reconnects by itself (still CONNECTING), no new one.
      first!.readyState = 0;
      act(() => first?.push('error', ''));
      act(() => vi.advanceTimersByTime(3 * REOPEN_MS));
      expect(FakeEventSource.opened).toHaveLength(1);
      // Refused: a new stream, after REOPEN_MS at the earliest and twice that at the latest.
      act(() => first?.refuse());
      act(() => vi.advanceTimersByTime(REOPEN_MS - 1));
      expect(FakeEventSource.opened).toHaveLength(1);
      act(() => vi.advanceTimersByTime(REOPEN_MS + 1));
      expect(FakeEventSource.opened).toHaveLength(2);
      // Unmounted while refused: nothing more is opened.
      act(() => FakeEventSource.opened[1]?.refuse());
      view.unmount();
      act(() => vi.advanceTimersByTime(3 * REOPEN_MS));
      expect(FakeEventSource.opened).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes once for a burst of changes, and not again for a version already asked for', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('EventSource', FakeEventSource);
      const refresh = vi.fn();
      function Console() {
        useTournamentStream(7, adminTournament({ status: 'in_progress', version: 3 }), [], refresh);
        return null;
      }
      render(<Console />);
      const [source] = FakeEventSource.opened;
      act(() => {
        for (const version of [4, 5, 6, 7]) source?.push('tournament', `{"version": ${version}}`);
      });
      act(() => vi.advanceTimersByTime(COALESCE_MS));
      expect(refresh).toHaveBeenCalledTimes(1);
      // The browser's reconnect sends the last version again: already asked for.
      act(() => source?.push('tournament', '{"version": 7}'));
      act(() => vi.advanceTimersByTime(COALESCE_MS));
      expect(refresh).toHaveBeenCalledTimes(1);
      act(() => source?.push('tournament', '{"version": 8}'));
      act(() => vi.advanceTimersByTime(COALESCE_MS));
      expect(refresh).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens a new stream when the network comes back', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Live tournament={adminTournament({ status: 'in_progress', version: 3 })} />
      </QueryClientProvider>,
    );
    act(() => window.dispatchEvent(new Event('online')));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
    expect(FakeEventSource.opened[1]?.closed).toBe(false);
  });

  it('opens nothing when the event has no tournament', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Live tournament={null} />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
