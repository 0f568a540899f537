// What the server knew when it sent this page (the route shells of pwa/scripts/route-shells.mjs,
// chosen by server/src/web.rs): that a member is signed in, or that nobody is, and an admin's or
// a supervisor's role; and what the last visit on this device learnt (the local hint). They
// only choose the first screen and whether to ask who is signed in, never what anybody may see
// or do: the answers of /api decide that.
import type { Role } from '../api/types';

/** Who the build-time prerender draws the page for (src/prerender.tsx): a visitor (the landing
 *  page), or somebody not known yet (the route shells' frame), with the console's role. */
type PrerenderHints = { who: 'visitor' | 'unknown'; role: Role | null };

/** Set by the build-time prerender, which has no document. */
let prerendered: PrerenderHints | null = null;

export function setPrerenderHints(hints: PrerenderHints | null) {
  prerendered = hints;
}

function meta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

/** The page was asked for with a signed-in session (`<meta name="centre-signed-in" content="1">`). */
function signedInHint(): boolean {
  return prerendered ? prerendered.role !== null : meta('centre-signed-in') === '1';
}

/**
 * The server sent this page to somebody signed out: the landing page and the visitors' route
 * shells say so (`<meta name="centre-signed-in" content="0">`), and no service worker answered
 * in the server's place (the worker answers every navigation with the same files, for anyone).
 * Nothing then needs to ask who is signed in (features/auth/session.tsx).
 */
export function serverSaidVisitor(): boolean {
  if (prerendered) return prerendered.who === 'visitor';
  if (meta('centre-signed-in') !== '0') return false;
  return typeof navigator === 'undefined' || !navigator.serviceWorker?.controller;
}

/** The console's role of whoever asked for /admin (`<meta name="centre-role">`). */
export function roleHint(): Role | null {
  if (prerendered) return prerendered.role;
  const role = meta('centre-role');
  return role === 'admin' || role === 'supervisor' ? role : null;
}

/** Local-storage hint that the last visit ended signed in: decides what to show while the
 *  sign-in status loads (a skeleton for a likely member, the landing page otherwise). */
const SIGNED_IN_KEY = 'centre.signedIn';

/** The server said a member is signed in, or the last visit on this device ended signed in. */
export function likelySignedIn(): boolean {
  if (signedInHint()) return true;
  if (prerendered) return false;
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers how this visit ended, for the next one's first screen. */
export function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Private mode: no hint, the landing page shows while loading.
  }
}
