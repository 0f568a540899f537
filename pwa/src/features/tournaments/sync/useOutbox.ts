// This phone's outbox in React, live from IndexedDB (a change in any tab shows at once).
import { useCallback, useEffect, useState } from 'react';
import { deviceId, tournamentEntries, waitingScores, type OutboxEntry } from '../../../db/outbox';
import { useWatched } from '../../../sync/useWatched';

const NO_ENTRIES: OutboxEntry[] = [];

/** How many scores wait to be sent. */
export function useWaitingCount(): number {
  return useWatched(waitingScores, 0);
}

/** The tournament's entries from this phone, in their order. */
export function useTournamentEntries(tournamentId: number): OutboxEntry[] {
  const query = useCallback(() => tournamentEntries(tournamentId), [tournamentId]);
  return useWatched(query, NO_ENTRIES);
}

/** This phone's id (null until read; made on first use). */
export function useDeviceId(): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    deviceId().then(
      (value) => {
        if (current) setId(value);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return id;
}
