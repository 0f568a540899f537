// What the server knew when it sent this page (the route shells of pwa/scripts/route-shells.mjs,
// chosen by server/src/web.rs): that a member is signed in, and an admin's or a supervisor's
// role. They only choose the first screen while the app asks (the member home's skeleton, the
// console's title), never what anybody may see or do: the answers of /api decide that.

export type RoleHint = 'admin' | 'supervisor';

/** Set by the build-time prerender, which has no document (src/prerender.tsx). */
let prerendered: { signedIn: boolean; role: RoleHint | null } | null = null;

export function setPrerenderHints(hints: { signedIn: boolean; role: RoleHint | null } | null) {
  prerendered = hints;
}

function meta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

/** The page was asked for with a signed-in session (`<meta name="centre-signed-in">`). */
export function signedInHint(): boolean {
  return prerendered ? prerendered.signedIn : meta('centre-signed-in') === '1';
}

/** The console's role of whoever asked for /admin (`<meta name="centre-role">`). */
export function roleHint(): RoleHint | null {
  if (prerendered) return prerendered.role;
  const role = meta('centre-role');
  return role === 'admin' || role === 'supervisor' ? role : null;
}
