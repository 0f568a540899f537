// The console's tabs on a phone (360 × 640 and 430 × 932, touch). An admin taps every section
// and every tab of a section in the console's one control, and the address follows the tab
// (/admin?tab=<id>; the first screen's tab, Réservations, is /admin). Opened from its address,
// as a reload, a shared link or an old bookmark does, each tab shows its section and itself
// chosen, its content's top in the upper half of the screen, no page wider than the screen,
// tabs of at least 44 × 44 px and no axe violation. A supervisor's console is its one section,
// Terrains, with its one tab, Réservations, whatever the address asks.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE_SECTIONS, demoArgs, expectNoAxeViolations, grantAdmin, newContext, signIn, useServerAndBrowser } from './harness.mjs';

const SCREENS = [
  { width: 360, height: 640 },
  { width: 430, height: 932 },
];
const ADMIN = { email: 'console.onglets@example.org', firstName: 'Marie-Ève', lastName: 'Bérubé-Tremblay' };
const SUPERVISOR = { email: 'console.supervision@example.org', firstName: 'Sam', lastName: 'Surveille' };

const suite = useServerAndBrowser({
  // Three phones at once on one address: above the caps one client gets by default.
  args: [...demoArgs(), '--max-connections-per-address', '1024', '--max-streams-per-address', '512'],
  async setUp({ browser, server }) {
    const admin = await newContext(browser);
    await signIn(admin, server, ADMIN);
    grantAdmin(server, ADMIN.email);
    const supervisor = await newContext(browser);
    const { id } = await signIn(supervisor, server, SUPERVISOR);
    const granted = await admin.request.post(`${server.url}/api/admin/supervisors/${id}`, { headers: { Origin: server.url } });
    assert.equal(granted.status(), 201, await granted.text());
    await admin.close();
    await supervisor.close();
  },
});

const address = (id) => (id === 'bookings' ? '/admin' : `/admin?tab=${id}`);
const sectionLine = (page) => page.getByRole('tablist', { name: 'Sections de la console' });
/** The line of tabs that chooses `section`'s content: its own, or the sections' for one tab. */
const lineOf = (page, section) => (section.tabs.length > 1 ? page.getByRole('tablist', { name: section.name }) : sectionLine(page));

/** Waits until the page, its lazy tab and its data are drawn (no spinner, no skeleton). */
async function settled(page) {
  await page.waitForLoadState('networkidle');
  await page.locator('footer').waitFor();
  await page.waitForFunction(() => !globalThis.document.querySelector('[aria-busy="true"], [role="tabpanel"] .animate-spin'));
}

/** What a person sees of the chosen tab's content on the first screen, and the page's width. */
async function firstScreen(page, line) {
  const panel = await line.getByRole('tab', { selected: true }).getAttribute('aria-controls');
  const top = await page.locator(`[id="${panel}"]`).evaluate((el) => {
    const first = [...el.children].find((child) => child.getClientRects().length > 0);
    return first ? first.getBoundingClientRect().top + globalThis.scrollY : Infinity;
  });
  const scrollWidth = await page.evaluate(() => globalThis.document.documentElement.scrollWidth);
  const small = await page.getByRole('tab').evaluateAll((tabs) =>
    tabs
      .map((tab) => ({ name: tab.textContent, ...tab.getBoundingClientRect().toJSON() }))
      .filter(({ width, height }) => width < 44 || height < 44)
      .map(({ name, width, height }) => `${name} ${Math.round(width)}×${Math.round(height)}`),
  );
  return { top, scrollWidth, small };
}

/** The first screen's checks, as `what`. */
async function expectFits(page, line, { width, height }, what) {
  const { top, scrollWidth, small } = await firstScreen(page, line);
  assert.ok(top < height / 2, `${what}: the content starts at ${Math.round(top)} px, in the upper half of ${height} px`);
  assert.ok(scrollWidth <= width, `${what}: the page is ${scrollWidth} px wide on a ${width} px screen`);
  assert.deepEqual(small, [], `${what}: tabs of at least 44 × 44 px`);
  await expectNoAxeViolations(page, what);
}

// The screens and the supervisor side by side, each in its own context: most of it is waiting.
describe('the console on phones', { concurrency: true }, () => {
  for (const screen of SCREENS) {
    test(`at ${screen.width} px an admin taps to every tab of every section, and each tab's address opens it with its content high on the screen`, async () => {
      const context = await newContext(suite.browser, { viewport: screen, isMobile: true, hasTouch: true });
      await signIn(context, suite.server, ADMIN);
      const page = await context.newPage();

      // Every tab by taps, from the first screen: the address follows.
      await page.goto(`${suite.server.url}/admin`);
      await settled(page);
      for (const section of CONSOLE_SECTIONS) {
        await sectionLine(page).getByRole('tab', { name: section.name, exact: true }).tap();
        await sectionLine(page).getByRole('tab', { name: section.name, exact: true, selected: true }).waitFor();
        for (const [id, name] of section.tabs) {
          if (section.tabs.length > 1) await lineOf(page, section).getByRole('tab', { name, exact: true }).tap();
          await page.waitForURL((url) => url.pathname + url.search === address(id));
          await lineOf(page, section).getByRole('tab', { name: section.tabs.length > 1 ? name : section.name, exact: true, selected: true }).waitFor();
        }
      }

      // Every tab by its address: the chosen section and tab, and the first screen.
      for (const section of CONSOLE_SECTIONS) {
        for (const [id, name] of section.tabs) {
          await page.goto(`${suite.server.url}${address(id)}`);
          await settled(page);
          await sectionLine(page).getByRole('tab', { name: section.name, exact: true, selected: true }).waitFor();
          if (section.tabs.length > 1) await lineOf(page, section).getByRole('tab', { name, exact: true, selected: true }).waitFor();
          await expectFits(page, lineOf(page, section), screen, `${address(id)} at ${screen.width} px`);
        }
      }
      await context.close();
    });
  }

  test("a supervisor's console is its one section's one tab, Réservations, at 360 and 430 px", async () => {
    for (const screen of SCREENS) {
      const context = await newContext(suite.browser, { viewport: screen, isMobile: true, hasTouch: true });
      await signIn(context, suite.server, SUPERVISOR);
      const page = await context.newPage();
      // An admin's address opens the supervisor's only tab.
      for (const path of ['/admin', '/admin?tab=members']) {
        await page.goto(`${suite.server.url}${path}`);
        await page.getByRole('heading', { level: 1, name: 'Interface de Supervision' }).waitFor();
        await settled(page);
        const lines = page.getByRole('tablist');
        assert.deepEqual(await lines.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))), ['Terrains'], `${path}: one line`);
        assert.deepEqual(await lines.getByRole('tab').allTextContents(), ['Réservations']);
        const line = page.getByRole('tablist', { name: 'Terrains' });
        await line.getByRole('tab', { name: 'Réservations', selected: true }).waitFor();
        await page.getByRole('tabpanel').getByRole('heading', { name: 'Réservations' }).waitFor();
        await expectFits(page, line, screen, `a supervisor's ${path} at ${screen.width} px`);
      }
      await context.close();
    }
  });
});
