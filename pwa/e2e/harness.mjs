// The end-to-end harness: builds the real server once, starts `centre serve` on a free port
// with a fresh database in a temporary folder, and drives Debian's Chromium (never a browser
// download) through playwright-core.
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { startSmtpSink } from './smtp-sink.mjs';

export const root = resolve(import.meta.dirname, '../..');
const binary = join(root, 'target/debug/centre');
/**
 * Every server's whole log (one line per request, with the member's id) is kept here, so that
 * `scripts/check-log-privacy.mjs` can check after the run that no e-mail address or phone
 * number the tests typed reached a log. Warnings and errors are also shown on the console.
 */
export const logDir = join(root, 'target/e2e-logs');

// make test builds the binary before its lanes start (CENTRE_E2E_BUILT): a cargo build here
// would wait on the other lane's cargo test for the build folder's lock.
let built = Boolean(process.env.CENTRE_E2E_BUILT);
export function buildServer() {
  if (built) return;
  execFileSync('cargo', ['build', '--quiet', '-p', 'centre-server'], { cwd: root, stdio: 'inherit' });
  built = true;
}

/**
 * The demo (`--demo`) as `make run` serves it, at a fixed hour: 14:00 at the centre today (the
 * day's tournament under way), whatever the hour the tests run at.
 */
export function demoArgs(hour = '14:00') {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  return ['--demo', '--now', `${today}T${hour}`];
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts the real server; resolves once /api/health answers. `devLogin: false` leaves out
 * `--dev-login` (to sign in through a real OpenID provider); `port` fixes the port when
 * something must know the address in advance (the provider's redirect URI). `halt()` stops the
 * process and keeps its database, `resume()` starts it again on the same port and file, as a
 * server that went away and came back.
 */
export async function startServer({ args = [], env = {}, devLogin = true, port: fixedPort } = {}) {
  buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'centre-e2e-'));
  const port = fixedPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const flags = ['serve', '--addr', `127.0.0.1:${port}`, '--db', join(dir, 'centre.db'), ...(devLogin ? ['--dev-login'] : [])];
  mkdirSync(logDir, { recursive: true });
  let child;
  let exited = null;
  const launch = async () => {
    exited = null;
    child = spawn(binary, [...flags, ...args], {
      env: { ...process.env, RUST_LOG: 'info', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const log = createWriteStream(join(logDir, `centre-${Date.now()}-${port}.log`));
    child.stdout.pipe(log);
    child.stdout.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        if (/\b(WARN|ERROR)\b/.test(line)) console.log(line);
      }
    });
    child.on('exit', (code) => {
      exited = code ?? 'signal';
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (exited !== null) throw new Error(`centre exited with ${exited} before it was healthy`);
      try {
        const response = await fetch(`${url}/api/health`);
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error('centre did not become healthy in 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const halt = async () => {
    if (exited !== null) return;
    const done = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await done;
  };
  await launch();
  return {
    url,
    dir,
    db: join(dir, 'centre.db'),
    halt,
    resume: launch,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's server and browser: started before its tests (the server as `startServer`
 * takes `options`; `smtp: true` first starts an SMTP sink and gives the server its address),
 * stopped after them; `setUp(suite)` then runs in the same hook (node 20 starts a file's
 * top-level `before` hooks together, not one after the other). Answers getters (`suite.server`,
 * `suite.browser`, `suite.sink`) to read inside tests.
 */
export function useServerAndBrowser({ smtp = false, args = [], setUp, ...options } = {}) {
  let server;
  let browser;
  let sink;
  before(async () => {
    if (smtp) sink = await startSmtpSink();
    server = await startServer({ ...options, args: [...(sink ? ['--smtp-url', sink.smtpUrl] : []), ...args] });
    browser = await launchBrowser();
    await setUp?.(suite);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });
  const suite = {
    get server() {
      return server;
    },
    get browser() {
      return browser;
    },
    get sink() {
      return sink;
    },
  };
  return suite;
}

/** Debian's Chromium, headless, never a download. */
const BROWSER = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export async function launchBrowser() {
  return chromium.launch(BROWSER);
}

/**
 * A browser with a profile on disk in `dir` (a context that is not incognito, as a phone's
 * browser is: what Chromium's installability check requires), as `newContext` sets it up.
 */
export function launchProfile(dir, options = {}) {
  return chromium.launchPersistentContext(dir, { ...BROWSER, locale: 'fr-CA', timezoneId: 'America/Toronto', ...options });
}

/** A browser context in the centre's time zone with French as the browser language. */
export function newContext(browser, options = {}) {
  return browser.newContext({ locale: 'fr-CA', timezoneId: 'America/Toronto', ...options });
}

/**
 * Signs a browser context in through the development sign-in (`POST /api/dev-login`, sent like
 * the site's own pages would, with its Origin). Resolves to the user object.
 */
export async function signIn(context, server, { email, firstName = null, lastName = null }) {
  const response = await context.request.post(`${server.url}/api/dev-login`, {
    data: { email, firstName, lastName },
    headers: { Origin: server.url },
  });
  if (!response.ok()) throw new Error(`dev sign-in of ${email}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** `centre admin grant <email or id>` on the test server's database. */
export function grantAdmin(server, who) {
  execFileSync(binary, ['admin', 'grant', who, '--db', server.db], { env: { ...process.env, RUST_LOG: 'error' } });
}

/**
 * A volleyball event starting in an hour, created by `admin` (a signed-in admin context), and
 * one team per name, each registered by its own member (`{prefix}{n}@example.org`) through the
 * API. Answers the event's id.
 */
export async function eventWithTeams(browser, server, admin, { title, description, teams, prefix }) {
  const created = await admin.request.post(`${server.url}/api/events`, {
    headers: { Origin: server.url },
    data: {
      title, titleEn: '', description, descriptionEn: '', categoryId: 'volleyball', location: 'La Pêche',
      startDate: new Date(Date.now() + 3_600_000).toISOString(), endDate: null, price: 0, maxParticipants: null, requiresPayment: false,
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const eventId = (await created.json()).id;
  for (const [n, teamName] of teams.entries()) {
    const context = await newContext(browser);
    const email = `${prefix}${n}@example.org`;
    await signIn(context, server, { email, firstName: `Capitaine${n}`, lastName: 'Roy' });
    const response = await context.request.post(`${server.url}/api/events/${eventId}/register`, {
      headers: { Origin: server.url },
      data: { eventId, teamName, captainFirstName: `Capitaine${n}`, captainLastName: 'Roy', captainEmail: email, member2FirstName: 'Alex', member2LastName: `Coéquipier${n}`, member2Email: `alex.${prefix}${n}@example.org` },
    });
    assert.equal(response.status(), 201, await response.text());
    await context.close();
  }
  return eventId;
}

/**
 * The console's sections as an admin sees them, in their order, each with its tabs: the ?tab=
 * value and the tab's name. A section of one tab has no line of tabs of its own: the section's
 * tab opens it. Written from the centre's grouping, not read from the app.
 */
export const CONSOLE_SECTIONS = [
  { name: 'Activités', tabs: [['events', 'Événements'], ['tournaments', 'Tournois'], ['leagues', 'Ligues'], ['dayCamps', 'Camps de jour']] },
  { name: 'Terrains', tabs: [['bookings', 'Réservations']] },
  { name: 'Personnes', tabs: [['members', 'Membres'], ['admins', 'Administrateurs'], ['supervisors', 'Superviseurs'], ['campStaff', 'Animateurs']] },
  { name: 'Paiements', tabs: [['payments', 'Paiements']] },
  { name: "Listes d'attente", tabs: [['waitlists', "Listes d'attente"]] },
  { name: 'Confidentialité', tabs: [['privacy', 'Confidentialité']] },
];

/** The console's tabs an admin has beyond the one /admin opens on (Réservations), section by
 *  section: ?tab= values. */
export const CONSOLE_TABS = CONSOLE_SECTIONS.flatMap((section) => section.tabs.map(([id]) => id)).filter((id) => id !== 'bookings');

/** A POST to the API as `context`'s member, from the app's origin as the PWA sends it. */
export function apiPost(context, server, path, data) {
  return context.request.post(`${server.url}${path}`, { headers: { Origin: server.url }, data });
}

/** The visible toast saying exactly `text` (Radix also copies its text into a live region for
 *  screen readers). */
export function toast(page, text) {
  return page.locator('.toast-root').getByText(text, { exact: true });
}

/** The datetime-local value of an hour from now at the centre (the tournament form's start). */
export function startInput() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(Date.now() + 3_600_000))
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The console's Tournois tab, on `eventId` when given, once the heading `ready` shows. */
export async function openTournamentsTab(context, server, eventId, ready = 'Gestion des tournois') {
  const page = await context.newPage();
  await page.goto(`${server.url}/admin?tab=tournaments${eventId ? `&event=${eventId}` : ''}`);
  await page.getByRole('heading', { name: ready }).waitFor();
  return page;
}

/** The console's card of a match (by its two teams), in the schedule's pool phase. */
export function poolMatchCard(page, match) {
  return page.getByTestId('pool-phase').getByTestId('match-card').filter({ hasText: match.team1Name }).filter({ hasText: match.team2Name });
}

/** Taps a pool match, types both scores and saves: what a scorekeeper does. */
export async function enterScore(page, match, team1Score, team2Score) {
  await poolMatchCard(page, match).click();
  const dialog = page.getByRole('dialog', { name: 'Saisir le score du match' });
  await dialog.getByLabel(match.team1Name).fill(String(team1Score));
  await dialog.getByLabel(match.team2Name).fill(String(team2Score));
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Resolves once the page has drawn what it has: nothing marked busy (no skeleton, no tab's
 * spinner), its fonts loaded, and two frames painted since (React commits what it has within a
 * frame). Before checking that something is NOT on the page (wider than the screen, in French):
 * a fixed wait there passes on a slow machine without checking anything.
 */
export async function drawn(page) {
  await page.waitForFunction(() => !globalThis.document.querySelector('[aria-busy="true"], [role="tabpanel"] .animate-spin'));
  await page.evaluate(() =>
    globalThis.document.fonts.ready.then(() => new Promise((resolve) => globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(resolve)))),
  );
}

/**
 * Resolves once a page's load has settled, by the page's own clock and signals rather than a
 * fixed wait: 3 s have passed since its load event (the app's idle work, src/lib/idle.ts, waits
 * that long, and Chromium warns of an unused preload then), an idle callback queued now has run
 * (after the app's own), and no request has been in flight for `quietMs` (what that work fetched
 * has come). Before checking that something was NOT fetched twice or logged.
 */
export async function loadSettled(page, quietMs = 500) {
  let inflight = 0;
  let last = Date.now();
  const started = () => {
    inflight += 1;
    last = Date.now();
  };
  const ended = () => {
    inflight -= 1;
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.waitForFunction(() => {
      const [load] = globalThis.performance.getEntriesByType('navigation');
      return load !== undefined && load.loadEventEnd > 0 && globalThis.performance.now() >= load.loadEventEnd + 3000;
    });
    await page.evaluate(() => new Promise((resolve) => globalThis.requestIdleCallback(() => resolve(), { timeout: 3000 })));
    // Polled until the network has been quiet that long (the poll's interval is no wait of its own).
    while (inflight > 0 || Date.now() - last < quietMs) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Resolves once the page's reads are kept in IndexedDB (what an offline reload answers from);
 * fails after 15 s with the keys that are there. (waitForFunction does not wait for a promise
 * its predicate returns: a pending promise counts as true. This asks again until it is so.)
 */
export async function readsKept(page, keys) {
  const keptKeys = () =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = globalThis.indexedDB.open('centre');
          open.onerror = () => resolve([]);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('cache')) return resolve([]);
            const request = db.transaction('cache').objectStore('cache').getAllKeys();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => resolve([]);
          };
        }),
    );
  const deadline = Date.now() + 15_000;
  for (;;) {
    const kept = await keptKeys();
    if (keys.every((key) => kept.includes(key))) return;
    if (Date.now() > deadline) assert.fail(`reads not kept: ${keys.filter((key) => !kept.includes(key)).join(', ')} (kept: ${kept.join(', ')})`);
    // The poll's interval, until the reads are there: no 'nothing happened' check follows it.
    await page.waitForTimeout(200);
  }
}

/** Fails with the list of axe's violations on the whole page, if any. */
export async function expectNoAxeViolations(page, label) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(summary, [], `axe violations on ${label}`);
}

/**
 * Registers a child of `parent` (Ana Roy, ana@example.org), 7 on the first week's first day, in
 * `week` through the API; `form` replaces fields of the registration (its health form, say).
 * Answers the registration's id.
 */
export async function registerCampChild(parent, server, weeks, week, firstName, form = {}) {
  const [y, m, d] = weeks[0].startDate.split('-').map(Number);
  const birth = new Date(Date.UTC(y - 7, m - 1, d) - 40 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const response = await apiPost(parent, server, '/api/day-camp-registrations', {
    programId: 'explorateurs', weekIds: [String(week.id)], childFirstName: firstName, childLastName: 'Roy', childBirthDate: birth,
    parentName: 'Ana Roy', parentEmail: 'ana@example.org', parentPhone: '819-555-0101', emergencyPhone: '819-555-0199', canSwim: true,
    healthForm: { emergencyContacts: [{ name: 'Marc Roy', relation: 'grand-père' }] },
    healthConsent: true,
    healthConsentVersion: 'sante-2026-1',
    ...form,
  });
  assert.equal(response.status(), 201, await response.text());
  return (await response.json()).id;
}
