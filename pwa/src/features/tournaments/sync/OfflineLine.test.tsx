import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { probe, reportAnswer } from '../../../api/reachability';
import { db } from '../../../db/database';
import { enqueueEntry } from '../../../db/outbox';
import { renderPage, serve } from '../../../test/render';
import { OfflineLine } from './OfflineLine';

const score = (matchId: number) => enqueueEntry({ tournamentId: 5, eventId: 7, matchId, team1Score: 21, team2Score: 15, baseVersion: 1 });
/** 14:02 at the centre (EDT). */
const UPDATED = Date.parse('2026-07-01T18:02:00Z');

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.cache.clear()]);
  serve({ '/api/auth/user': null });
  reportAnswer();
  // An active service worker: the app's files open offline.
  Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve({}) }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("the Tournois tab's line of where it stands offline", () => {
  it('says when it is ready offline and up to when, then that it is offline', async () => {
    await renderPage(<OfflineLine loaded updatedAt={UPDATED} />);
    expect((await screen.findByText('Prêt hors ligne · à jour à 14:02')).getAttribute('role')).toBe('status');
    act(() => setOnline(false));
    await screen.findByText('Hors ligne · 0 score en attente');
  });

  it('counts the scores waiting while offline', async () => {
    for (const id of [1, 2, 3]) await score(id);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderPage(<OfflineLine loaded updatedAt={UPDATED} />);
    await screen.findByText('Hors ligne · 3 scores en attente');
  });

  it("says it is offline when the server does not answer although the browser says it is online, and ready again once it answers", async () => {
    // A network that answers nothing: every request fails, navigator.onLine stays true.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const fetch = vi.fn((): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    await score(1);
    await renderPage(<OfflineLine loaded updatedAt={UPDATED} />);
    await act(() => probe());
    await screen.findByText('Hors ligne · 1 score en attente');
    // The server answers again: the waiting score makes it 'Synchronisation…', never 'Hors ligne'.
    fetch.mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));
    await act(() => probe());
    await screen.findByText('Synchronisation…');
    await db.outbox.clear();
    await screen.findByText('Prêt hors ligne · à jour à 14:02');
  });

  it('says it is syncing while scores wait online or the tab is not loaded yet', async () => {
    await score(1);
    await renderPage(<OfflineLine loaded updatedAt={UPDATED} />);
    await screen.findByText('Synchronisation…');
    cleanup();
    await db.outbox.clear();
    await renderPage(<OfflineLine loaded={false} updatedAt={0} />);
    await screen.findByText('Synchronisation…');
  });
});
