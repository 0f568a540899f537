import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Per-route shells: shell.html with the route's own downloads announced in <head>, so
// a phone on a slow network fetches the page's chunk, its French texts and its public data at
// the same time as the entry script, instead of one after the other (entry → page → texts →
// data). The server sends `shells/{first path segment}.html` when it exists, else shell.html
// (server/src/web.rs). The service worker still answers every navigation with shell.html: once
// it runs, every file is already on the phone.
//
// Three kinds, chosen by the server for who asks (server/src/web.rs):
// - `shells/{segment}.html`, sent only without a signed-in session: page chunks (with the query
//   client, which every lazy page brings: lib/lazyWithQueries.tsx), translations, and answers
//   that are the same for everyone, with `<meta name="centre-signed-in" content="0">`: the app
//   then knows nobody is signed in and asks nothing about it (features/auth/session.tsx).
//   index.html, the landing page, says the same (scripts/prerender.mjs).
// - `shells/member/{segment}.html`, sent only with a signed-in session: also the sign-in check
//   (features/auth/SessionCheck.tsx) and its four reads (who, and the three role calls, which
//   would be a 401 for a visitor), the page's own reads of the member's data, and a
//   `centre-signed-in` meta of 1 that tells the app, before any answer, that the member home
//   comes rather than the landing page. `home` is `/` and `/home`, the member home.
// - `shells/admin/{tab}.html`, sent to an admin at /admin with ?tab=: the console's chunk, the
//   tab's own chunk and texts, and the tab's reads, so the console's chain (who → roles → tab →
//   its data) becomes one round of downloads; its frame is the console's, with its title and its
//   tabs, that tab chosen, and a `centre-role` meta says so to the app.
//   `shells/supervisor/admin.html`: the same for a supervisor (the bookings tab, the
//   supervisor's title).
// shell.html, for a route without its shell and for the service worker's answers, says nothing
// of who asks: the app asks.
// `{id}` in a read is the path's second segment (/event/4), filled in by the server.

/** Route segment → the lazy page module, its reads for everyone (`api`) and its reads of a
 *  signed-in member's data (`member`). Its translation namespaces are src/route-namespaces.json's,
 *  which App.tsx also loads with the page (the build checks that the list names every namespace
 *  the page's static imports use). */
export const ROUTE_SHELLS = {
  events: { module: 'src/features/events/EventsPage.tsx', api: ['/api/events'] },
  event: {
    module: 'src/features/events/EventPage.tsx',
    api: ['/api/events/{id}', '/api/events/{id}/tournament', '/api/events/{id}/league'],
    member: ['/api/events/{id}/user-team'],
  },
  reservations: { module: 'src/features/courts/ReservationPage.tsx', api: ['/api/courts'] },
  'day-camps': { module: 'src/features/daycamps/DayCampsPage.tsx', api: [] },
  checkout: { module: 'src/features/checkout/CheckoutPage.tsx', api: [] },
  'my-registrations': {
    module: 'src/features/my-registrations/MyRegistrationsPage.tsx',
    api: [],
    member: ['/api/user/court-bookings', '/api/user/event-registrations', '/api/user/day-camp-registrations', '/api/user/waitlist'],
  },
  admin: { module: 'src/features/admin/AdminRoute.tsx', api: [] },
  profile: { module: 'src/features/profile/ProfilePage.tsx', api: [] },
  animation: { module: 'src/features/camp-staff/CampStaffPage.tsx', api: [] },
  confidentialite: { module: 'src/features/privacy/PrivacyPage.tsx', api: ['/api/privacy'] },
  'mes-donnees': { module: 'src/features/privacy/MyDataPage.tsx', api: [], member: ['/api/privacy', '/api/user/deletion-requests'] },
  offers: { module: 'src/features/waitlist/OfferPage.tsx', api: [], member: ['/api/user/waitlist/offers/{id}'] },
};

/** The member home (`/`, `/home` when signed in): a member shell only, the landing page being in
 *  the first bundle. */
const MEMBER_HOME = {
  module: 'src/features/home/MemberHome.tsx',
  member: ['/api/events', '/api/user/registrations', '/api/user/day-camp-registrations', '/api/user/waitlist'],
};

/** The console's tabs, the same as src/features/admin/consoleSections.ts's (the build checks it;
 *  the first is the one /admin opens on, its DEFAULT_TAB): a lazy tab's own module, and the reads
 *  the tab makes as it opens. */
export const ADMIN_TABS = {
  bookings: { api: ['/api/admin/bookings'] },
  events: { api: ['/api/admin/events'] },
  tournaments: { module: 'src/features/tournaments/AdminTournamentsTab.tsx', api: ['/api/admin/events'] },
  leagues: { module: 'src/features/leagues/AdminLeaguesTab.tsx', api: ['/api/admin/events'] },
  dayCamps: { api: ['/api/admin/day-camps'] },
  payments: { module: 'src/features/payments/AdminPaymentsTab.tsx', api: ['/api/admin/payments'] },
  waitlists: { api: ['/api/admin/waitlists'] },
  privacy: { module: 'src/features/privacy/AdminPrivacyTab.tsx', api: ['/api/admin/deletion-requests', '/api/admin/privacy-incidents', '/api/privacy'] },
  admins: { api: ['/api/admin/users'] },
  supervisors: { api: ['/api/admin/supervisors'] },
  campStaff: { api: ['/api/admin/camp-staff'] },
  members: { api: ['/api/admin/all-users'] },
};

/** What every lazy page loads with it: the query client. */
const EVERY_PAGE = ['src/api/QueryRoot.tsx'];
/** What a signed-in member's page loads and asks on every route: the sign-in check and its
 *  reads (features/auth/queries.ts). */
const SESSION_CHECK = 'src/features/auth/SessionCheck.tsx';
const SIGNED_IN_API = ['/api/auth/user', '/api/admin/status', '/api/supervisor/status', '/api/camp-staff/status'];
export const VISITOR_META = '<meta name="centre-signed-in" content="0">';
const SIGNED_IN_META = '<meta name="centre-signed-in" content="1">';
const roleMeta = (role) => `<meta name="centre-role" content="${role}">`;
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

/** The chunk that holds each source file of the bundle (relative to root). */
function chunksBySource(bundle, root) {
  const found = new Map();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    for (const id of chunk.moduleIds ?? Object.keys(chunk.modules)) {
      found.set(id.startsWith(root) ? id.slice(root.length + 1) : id, chunk);
    }
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
 * Emits the route shells (see the top of this file) into the bundle.
 * @param {import('rollup').PluginContext} context
 * @param {Record<string, any>} bundle
 * @param {string} root the Vite root (pwa/)
 * @param {{ plain: string, admin: Record<string, string>, supervisor: string }} shells shell.html's
 *   text, and the same page with the console's frame for an admin, one per tab (that tab chosen),
 *   and for a supervisor
 */
export function emitRouteShells(context, bundle, root, shells) {
  const pages = [shells.plain, shells.supervisor, ...Object.values(shells.admin)];
  if (!pages.every((shell) => shell.includes('</head>'))) context.error('route shells: a shell has no </head>');
  const bySource = chunksBySource(bundle, root);
  const declared = JSON.parse(readFileSync(join(root, NAMESPACES_FILE), 'utf8'));
  const drift = [];
  const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) context.error('route shells: no entry chunk');
  const loaded = closure(bundle, entry.fileName);
  const fetchHint = (path) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${path}">`;

  /** The JavaScript files of `modules` and of the French texts of `namespaces`, not in the entry. */
  const scripts = (modules, namespaces, what) => {
    const files = [];
    for (const module of modules) {
      const page = bySource.get(module);
      if (!page) context.error(`route shells: ${module} (${what}) is in no chunk`);
      files.push(...closure(bundle, page.fileName));
    }
    for (const ns of namespaces) {
      const texts = bySource.get(`src/i18n/locales/fr/${ns}.json`);
      if (!texts) context.error(`route shells: no chunk for the namespace '${ns}' of ${what}`);
      files.push(...closure(bundle, texts.fileName));
    }
    return [...new Set(files)].filter((file) => !loaded.has(file) && file.endsWith('.js'));
  };
  const emit = (fileName, files, api, meta = [], shell = shells.plain) => {
    const hints = [...meta, ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`), ...[...new Set(api)].map(fetchHint)];
    context.emitFile({ type: 'asset', fileName, source: shell.replace('</head>', `\n    ${hints.join('\n    ')}\n  </head>`) });
  };

  for (const [segment, route] of Object.entries(ROUTE_SHELLS)) {
    const namespaces = declared[segment] ?? [];
    const used = [...namespacesUsed(context, join(root, route.module))].sort();
    if (used.some((ns) => !namespaces.includes(ns))) drift.push(`"${segment}": ${JSON.stringify(used)}`);
    const files = scripts([route.module, ...EVERY_PAGE], namespaces, `/${segment}`);
    const memberFiles = scripts([route.module, ...EVERY_PAGE, SESSION_CHECK], namespaces, `/${segment}`);
    emit(`shells/${segment}.html`, files, route.api, [VISITOR_META]);
    emit(`shells/member/${segment}.html`, memberFiles, [...SIGNED_IN_API, ...route.api, ...(route.member ?? [])], [SIGNED_IN_META]);
  }
  emit(
    'shells/member/home.html',
    scripts([MEMBER_HOME.module, ...EVERY_PAGE, SESSION_CHECK], [...namespacesUsed(context, join(root, MEMBER_HOME.module))], 'the member home'),
    [...SIGNED_IN_API, ...MEMBER_HOME.member],
    [SIGNED_IN_META],
  );
  const sections = readFileSync(join(root, 'src/features/admin/consoleSections.ts'), 'utf8');
  const tabs = [...sections.matchAll(/tabs: \[([^\]]*)\]/g)].flatMap(([, list]) => list.match(/\w+/g) ?? []);
  const first = sections.match(/DEFAULT_TAB: TabId = '(\w+)'/)?.[1];
  const declaredTabs = Object.keys(ADMIN_TABS);
  if (first !== declaredTabs[0] || [...tabs].sort().join() !== [...declaredTabs].sort().join()) {
    context.error(`route shells: ADMIN_TABS should list consoleSections.ts's tabs, ${first} first: ${tabs.join(', ')}`);
  }
  const consoleRoute = ROUTE_SHELLS.admin;
  for (const [tab, { module, api }] of Object.entries(ADMIN_TABS)) {
    const namespaces = [...(declared.admin ?? []), ...(module ? namespacesUsed(context, join(root, module)) : [])];
    const files = scripts([consoleRoute.module, ...EVERY_PAGE, SESSION_CHECK, ...(module ? [module] : [])], [...new Set(namespaces)], `the console's ${tab} tab`);
    const reads = [...SIGNED_IN_API, ...consoleRoute.api, ...api];
    emit(`shells/admin/${tab}.html`, files, reads, [SIGNED_IN_META, roleMeta('admin')], shells.admin[tab]);
    if (tab === first) emit('shells/supervisor/admin.html', files, reads, [SIGNED_IN_META, roleMeta('supervisor')], shells.supervisor);
  }
  if (drift.length) {
    context.error(`route shells: ${NAMESPACES_FILE} misses namespaces its pages use (they would suspend the page while loading); it should read:\n${drift.join(',\n')}`);
  }
}
