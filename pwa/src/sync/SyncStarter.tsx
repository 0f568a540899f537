// The sync on the page, its own lazy chunk (visitors and members never load it; vite.config.ts
// knows it by its name), mounted once at the app's root by SyncRoot.tsx: registers the stream of
// each kind of entry the signed-in person sends (the list below), runs the sync engine, and asks
// the browser once to keep the site's storage (the outbox must not be evicted).
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OutboxKind } from '../db/outbox';
import { useRoles } from '../features/auth/session';
import { attendanceStream } from '../features/camp-staff/attendance/stream';
import { reportStream } from '../features/tournament-page/reportStream';
import { scoreStream } from '../features/tournaments/sync/push';
import { startSync } from './engine';
import { registerStream } from './push';

interface Roles {
  signedIn: boolean;
  isAdmin: boolean;
  isCampStaff: boolean;
}

/**
 * Every kind of entry a phone sends: who sends it (the roles the server takes it from: scores
 * from admins, captains' reports from any signed-in member (the server holds each to the
 * captains' rule), a day camp's attendance from counsellors and admins, who record it on
 * /animation too), and the registration of its stream as its feature defines it, which answers the undo.
 * SyncRoot.tsx loads this chunk for exactly these roles.
 */
const KINDS: { kind: OutboxKind; sentBy: (roles: Roles) => boolean; register: () => () => void }[] = [
  { kind: 'score', sentBy: (r) => r.isAdmin, register: () => registerStream(scoreStream) },
  { kind: 'report', sentBy: (r) => r.signedIn, register: () => registerStream(reportStream) },
  { kind: 'attendance', sentBy: (r) => r.isAdmin || r.isCampStaff, register: () => registerStream(attendanceStream) },
];

/** The kinds of entry a phone sends for someone with these roles. */
export function kindsFor(roles: Roles): OutboxKind[] {
  return KINDS.filter((k) => k.sentBy(roles)).map((k) => k.kind);
}

let persistAsked = false;

/** `navigator.storage.persist()` once per page load, when not granted yet. */
async function askPersistentStorage(): Promise<void> {
  if (persistAsked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  persistAsked = true;
  try {
    if (!(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Not granted: the outbox stays, only without the promise.
  }
}

/** Runs the sync engine for the signed-in person's kinds while mounted (the app's one): shows nothing. */
export function SyncStarter() {
  const { user, isAdmin, isCampStaff } = useRoles();
  const signedIn = user !== null;
  const queryClient = useQueryClient();
  useEffect(() => {
    const unregister = KINDS.filter((k) => k.sentBy({ signedIn, isAdmin, isCampStaff })).map((k) => k.register());
    const stop = startSync(queryClient);
    return () => {
      stop();
      unregister.forEach((undo) => undo());
    };
  }, [signedIn, isAdmin, isCampStaff, queryClient]);
  useEffect(() => void askPersistentStorage(), []);
  return null;
}
