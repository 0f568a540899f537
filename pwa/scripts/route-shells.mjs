import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Per-route shells (issue 14): shell.html with the route's own downloads announced in <head>, so
// a phone on a slow network fetches the page's chunk, its French texts and its public data at
// the same time as the entry script, instead of one after the other (entry → page → texts →
// data). The server sends `shells/{first path segment}.html` when it exists, else shell.html
// (server/src/web.rs). The service worker still answers every navigation with shell.html: once
// it runs, every file is already on the phone.
//
// Only what does not depend on who asks or in which language: page chunks, translations, and
// answers that are the same for everyone. `/api/auth/user` is the signed-in member or null, sent
// with the cookie either way (`crossorigin="use-credentials"`, as `apiFetch` asks).

/** Route segment → the lazy page module and its public reads. Its translation namespaces are
 *  src/route-namespaces.json's, which App.tsx also loads with the page (the build checks that
 *  the list names every namespace the page's static imports use). */
export const ROUTE_SHELLS = {
  events: { module: 'src/features/events/EventsPage.tsx', api: ['/api/events'] },
  event: { module: 'src/features/events/EventPage.tsx', api: [] },
  reservations: { module: 'src/features/courts/ReservationPage.tsx', api: ['/api/courts'] },
  'day-camps': { module: 'src/features/daycamps/DayCampsPage.tsx', api: [] },
  checkout: { module: 'src/features/checkout/CheckoutPage.tsx', api: [] },
  'my-registrations': { module: 'src/features/my-registrations/MyRegistrationsPage.tsx', api: [] },
  admin: { module: 'src/features/admin/AdminRoute.tsx', api: [] },
  profile: { module: 'src/features/profile/ProfilePage.tsx', api: [] },
};
const EVERY_ROUTE_API = ['/api/auth/user'];
const NAMESPACES_FILE = 'src/route-namespaces.json';
const EAGER = new Set(['common', 'landing']);

/** The lazy namespaces a module and its static imports use (`useTranslation('ns'…)`). */
function namespacesUsed(context, moduleId, seen = new Set(), found = new Set()) {
  if (seen.has(moduleId) || moduleId.includes('node_modules') || moduleId.startsWith('\0')) return found;
  seen.add(moduleId);
  if (/\.(tsx?|jsx?)$/.test(moduleId) && existsSync(moduleId)) {
    for (const [, ns] of readFileSync(moduleId, 'utf8').matchAll(/useTranslation\(\s*['"](\w+)['"]/g)) if (!EAGER.has(ns)) found.add(ns);
  }
  for (const id of context.getModuleInfo(moduleId)?.importedIds ?? []) namespacesUsed(context, id, seen, found);
  return found;
}

/** The chunks of the bundle, by the source file they are the facade of (relative to root). */
function chunksBySource(bundle, root) {
  const found = new Map();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
    const source = chunk.facadeModuleId.startsWith(root) ? chunk.facadeModuleId.slice(root.length + 1) : chunk.facadeModuleId;
    found.set(source, chunk);
  }
  return found;
}

/** A chunk's file and the files of its static imports, recursively. */
function closure(bundle, fileName, seen = new Set()) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const dep of bundle[fileName]?.imports ?? []) closure(bundle, dep, seen);
  return seen;
}

/**
 * Emits `shells/{segment}.html` for each route of ROUTE_SHELLS into the bundle.
 * @param {import('rollup').PluginContext} context
 * @param {Record<string, any>} bundle
 * @param {string} root the Vite root (pwa/)
 * @param {string} shell shell.html's text
 */
export function emitRouteShells(context, bundle, root, shell) {
  const bySource = chunksBySource(bundle, root);
  const declared = JSON.parse(readFileSync(join(root, NAMESPACES_FILE), 'utf8'));
  const drift = [];
  const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) context.error('route shells: no entry chunk');
  const loaded = closure(bundle, entry.fileName);
  const fetchHint = (path) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${path}">`;
  for (const [segment, route] of Object.entries(ROUTE_SHELLS)) {
    const page = bySource.get(route.module);
    if (!page) context.error(`route shells: ${route.module} (/${segment}) is not a chunk of its own`);
    const files = [...closure(bundle, page.fileName)];
    const namespaces = declared[segment] ?? [];
    const used = [...namespacesUsed(context, join(root, route.module))].sort();
    if (used.some((ns) => !namespaces.includes(ns))) drift.push(`"${segment}": ${JSON.stringify(used)}`);
    for (const ns of namespaces) {
      const texts = bySource.get(`src/i18n/locales/fr/${ns}.json`);
      if (!texts) context.error(`route shells: no chunk for the namespace '${ns}' of /${segment}`);
      files.push(...closure(bundle, texts.fileName));
    }
    const hints = [...new Set(files)]
      .filter((file) => !loaded.has(file) && file.endsWith('.js'))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .concat([...EVERY_ROUTE_API, ...route.api].map(fetchHint));
    if (!shell.includes('</head>')) context.error('route shells: shell.html has no </head>');
    context.emitFile({ type: 'asset', fileName: `shells/${segment}.html`, source: shell.replace('</head>', `${hints.join('\n    ')}\n  </head>`) });
  }
  if (drift.length) {
    context.error(`route shells: ${NAMESPACES_FILE} misses namespaces its pages use (they would suspend the page while loading); it should read:\n${drift.join(',\n')}`);
  }
}
