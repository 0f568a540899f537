// Whether the server answers is what the requests found, not what navigator.onLine says.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './client';
import { onReturn, probe, PROBE_TIMEOUT_MS, reach, reportAnswer, subscribeReach } from './reachability';

const answer = (status: number) => () => Promise.resolve(new Response('{}', { status, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  reportAnswer();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reachability', () => {
  it('a request that gets no answer makes it unreachable, though the browser says online', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiFetch('/api/events')).rejects.toThrow(TypeError);
    expect(reach()).toBe('unreachable');
  });

  it("a proxy's 502 or 504 is no answer from the server; its own 503 or 404 is one", async () => {
    for (const [status, expected] of [[502, 'unreachable'], [404, 'reachable'], [504, 'unreachable'], [503, 'reachable']] as const) {
      vi.stubGlobal('fetch', vi.fn(answer(status)));
      await expect(apiFetch('/api/events')).rejects.toMatchObject({ status });
      expect(reach(), String(status)).toBe(expected);
    }
  });

  it("the browser's own 'offline' counts whatever the last answer", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(reach()).toBe('unreachable');
  });

  it('tells its listeners of each change, and the return listeners once when the server answers again', async () => {
    const changes = vi.fn();
    const returns = vi.fn();
    const stop = subscribeReach(changes);
    const stopReturn = onReturn(returns);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await probe();
    await probe();
    expect([changes.mock.calls.length, returns.mock.calls.length]).toEqual([1, 0]);
    vi.stubGlobal('fetch', vi.fn(answer(200)));
    await probe();
    await probe();
    expect([changes.mock.calls.length, returns.mock.calls.length]).toEqual([2, 1]);
    stop();
    stopReturn();
  });

  it('a probe that hangs on a network answering nothing gives up and counts it unreachable', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_path: string, init?: RequestInit) =>
          new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError')))),
      ),
    );
    const done = probe();
    expect(reach()).toBe('reachable');
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS + 1);
    await done;
    expect(reach()).toBe('unreachable');
  });
});
