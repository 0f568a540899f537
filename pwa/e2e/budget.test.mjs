// The landing route's size budget (issue 4): at most 120 KB of gzipped JavaScript, wasm and lazy
// routes excluded. Measured twice: in Chromium, every script the visitor's first load of `/`
// fetches until the page has settled with its event cards, and
// from Vite's manifest, which also proves the other pages are split out. Sizes are gzip -9 of
// the built files (pwa/dist, which make test builds first).
import { after, before, test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { LANDING_BUDGET_BYTES, gzipSize, report } from '../scripts/bundle-report.mjs';
import { launchBrowser, newContext, startServer } from './harness.mjs';

const test = (name, fn) => nodeTest(name, { timeout: 120_000 }, fn);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let server;
let browser;

before(async () => {
  server = await startServer({ args: ['--demo'] });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test("a visitor's first load of / fetches at most 120 KB of gzipped JavaScript", async () => {
  // No service worker: its precache of every chunk runs in the background, not for this page.
  const context = await newContext(browser, { serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Set();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto(server.url + '/');
  await page.locator('#events li').first().waitFor();
  await page.waitForLoadState('networkidle');
  const files = [...scripts].filter((path) => !path.includes('wasm')).map((path) => path.replace(/^\//, ''));
  const sizes = files.map((file) => [file, gzipSize(file)]);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  const table = sizes.map(([file, size]) => `${file}: ${kb(size)}`).join('\n');
  assert.ok(!files.some((file) => /Page-|AdminRoute|MemberHome/.test(file)), `no other page was loaded:\n${table}`);
  assert.ok(total <= LANDING_BUDGET_BYTES, `the landing page fetched ${kb(total)} > ${kb(LANDING_BUDGET_BYTES)}:\n${table}`);
  await context.close();
});

test("Vite's manifest: the landing route within 120 KB, the other pages split out", () => {
  const { rows, landingJs } = report();
  const table = rows.map((row) => `${row.name}: ${kb(row.js)}`).join('\n');
  assert.ok(landingJs <= LANDING_BUDGET_BYTES, `landing route ${kb(landingJs)} > 120 KB\n${table}`);
  for (const page of ['AdminRoute', 'EventsPage', 'ReservationPage', 'DayCampsPage', 'MemberHome']) {
    assert.ok(
      rows.some((row) => row.name.includes(page) && row.js > 0),
      `${page} is its own lazy chunk\n${table}`,
    );
  }
});
