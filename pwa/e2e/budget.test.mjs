// The landing route's size budget (see scripts/bundle-report.mjs): JavaScript as sent, wasm and
// lazy routes excluded. Measured twice: in Chromium, the bytes each script of a visitor's first
// load of `/` really arrived as (Resource Timing's encodedBodySize: the compressed body; the
// transferSize with its headers is shown beside it), every one sent as brotli by the server;
// and from Vite's manifest with the build's .br files, which also proves the other pages are
// split out.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { LANDING_BUDGET_BYTES, report } from '../scripts/bundle-report.mjs';
import { demoArgs, grantAdmin, loadSettled, newContext, signIn, useServerAndBrowser } from './harness.mjs';

const test = (name, fn) => nodeTest(name, { timeout: 120_000 }, fn);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const suite = useServerAndBrowser({ args: demoArgs() });

test(`a visitor's first load of / receives at most ${kb(LANDING_BUDGET_BYTES)} of JavaScript, as brotli`, async () => {
  // No service worker: its precache of every chunk runs in the background, not for this page.
  const context = await newContext(suite.browser, { serviceWorkers: 'block' });
  const page = await context.newPage();
  const encodings = new Map();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) encodings.set(pathname, response.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto(suite.server.url + '/');
  await page.locator('#events li').first().waitFor();
  await page.waitForLoadState('networkidle');
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, body: entry.encodedBodySize, transfer: entry.transferSize })),
  );
  const js = scripts.filter(({ path }) => !path.includes('wasm'));
  const total = js.reduce((sum, { body }) => sum + body, 0);
  const table = js
    .map(({ path, body, transfer }) => `${path}: ${kb(body)} (${kb(transfer)} with headers, ${encodings.get(path)})`)
    .join('\n');
  assert.ok(js.length > 0 && js.every(({ body }) => body > 0), `Chromium measured every script:\n${table}`);
  assert.ok(!js.some(({ path }) => /Page-|AdminRoute|MemberHome/.test(path)), `no other page was loaded:\n${table}`);
  assert.equal(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/auth/user')).length), 0, 'the server said a visitor: nothing asks who is signed in');
  for (const { path } of js) assert.equal(encodings.get(path), 'br', `${path} is sent precompressed:\n${table}`);
  assert.ok(total <= LANDING_BUDGET_BYTES, `the landing page received ${kb(total)} > ${kb(LANDING_BUDGET_BYTES)}:\n${table}`);
  await context.close();
});

test(`Vite's manifest: the landing route within ${kb(LANDING_BUDGET_BYTES)} as sent, the other pages split out`, () => {
  const { rows, landingJs } = report();
  const table = rows.map((row) => `${row.name}: ${kb(row.js)}`).join('\n');
  assert.ok(landingJs <= LANDING_BUDGET_BYTES, `landing route ${kb(landingJs)} > ${kb(LANDING_BUDGET_BYTES)}\n${table}`);
  for (const page of ['AdminRoute', 'EventsPage', 'ReservationPage', 'DayCampsPage', 'MemberHome']) {
    assert.ok(
      rows.some((row) => row.name.includes(page) && row.js > 0),
      `${page} is its own lazy chunk\n${table}`,
    );
  }
});

test('a route shell fetches its page, texts and public data at once, each once, all of it used', async () => {
  const context = await newContext(suite.browser, { serviceWorkers: 'block' });
  const page = await context.newPage();
  const warnings = [];
  page.on('console', (message) => {
    if (['warning', 'error'].includes(message.type()) && /preload/i.test(message.text())) warnings.push(message.text());
  });
  const asked = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(suite.server.url + '/events');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('main li').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Chromium warns of an unused preload 3 s after the load; a second read would come from the idle work.
  await loadSettled(page);
  const count = (pattern) => asked.filter((path) => pattern.test(path)).length;
  const list = asked.join('\n');
  assert.equal(count(/^\/api\/events$/), 1, `one GET /api/events:\n${list}`);
  // The server sent this shell to a visitor and says so: nothing asks who is signed in.
  assert.equal(count(/^\/api\/auth\/user$/), 0, `no GET /api/auth/user:\n${list}`);
  assert.equal(count(/\/assets\/EventsPage-.*\.js$/), 1, `the page's chunk once:\n${list}`);
  // Announced in the shell's <head>: asked before the entry script has run.
  const html = await (await page.request.get(suite.server.url + '/events')).text();
  assert.match(html, /<link rel="modulepreload" crossorigin href="\/assets\/EventsPage-[^"]+\.js">/);
  assert.deepEqual(warnings, [], 'every preload is used');
  await context.close();
});

/**
 * A signed-in member's and an admin's shells (server/src/web.rs picks them by the session):
 * the role calls, the member's own data and the console tab's chunk and data are announced in
 * <head>; each is fetched once, every preload is used, and nothing logs an error.
 */
test("a member's and an admin's shells announce their pages' reads, each fetched once, all used", async () => {
  const events = await (await fetch(`${suite.server.url}/api/events`)).json();
  const eventId = events[0].id;
  const admin = await newContext(suite.browser, { serviceWorkers: 'block' });
  await signIn(admin, suite.server, { email: 'budget.admin@example.org', firstName: 'Ada' });
  grantAdmin(suite.server, 'budget.admin@example.org');
  const member = await newContext(suite.browser, { serviceWorkers: 'block' });
  await signIn(member, suite.server, { email: 'budget.membre@example.org', firstName: 'Léa' });
  const cases = [
    { context: member, path: '/', ready: (page) => page.getByRole('heading', { level: 1, name: /Léa/ }), reads: ['/api/auth/user', '/api/admin/status', '/api/user/registrations', '/api/events'], chunk: /MemberHome-/ },
    { context: member, path: '/my-registrations', ready: (page) => page.getByRole('heading', { level: 1 }), reads: ['/api/user/court-bookings', '/api/user/event-registrations', '/api/user/day-camp-registrations'], chunk: /MyRegistrationsPage-/ },
    { context: member, path: `/event/${eventId}`, ready: (page) => page.getByRole('heading', { level: 1 }), reads: [`/api/events/${eventId}`, `/api/events/${eventId}/tournament`, `/api/events/${eventId}/user-team`], chunk: /EventPage-/ },
    { context: admin, path: '/admin?tab=payments', ready: (page) => page.getByRole('tabpanel'), reads: ['/api/admin/status', '/api/supervisor/status', '/api/admin/payments'], chunk: /AdminPaymentsTab-/ },
    { context: admin, path: '/admin', ready: (page) => page.getByRole('tabpanel'), reads: ['/api/admin/bookings'], chunk: /AdminRoute-/ },
  ];
  for (const { context, path, ready, reads, chunk } of cases) {
    const page = await context.newPage();
    const messages = [];
    page.on('console', (message) => {
      if (['warning', 'error'].includes(message.type()) && !/Service Worker/i.test(message.text())) messages.push(message.text());
    });
    const asked = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(suite.server.url + path);
    await ready(page).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Chromium warns of an unused preload 3 s after the load; a second read would come from the idle work.
    await loadSettled(page);
    const list = asked.join('\n');
    const html = await (await context.request.get(suite.server.url + path)).text();
    for (const read of reads) {
      assert.ok(html.includes(`as="fetch" crossorigin="use-credentials" href="${read}"`), `${path}: ${read} is announced`);
      assert.equal(asked.filter((asked) => asked === read).length, 1, `${path}: one GET ${read}:\n${list}`);
    }
    assert.equal(asked.filter((asked) => chunk.test(asked)).length, 1, `${path}: its chunk once:\n${list}`);
    assert.match(html, new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk.source}`), `${path}: its chunk is announced`);
    assert.deepEqual(messages, [], `${path}: every preload is used, no error`);
    await page.close();
  }
  await admin.close();
  await member.close();
});
