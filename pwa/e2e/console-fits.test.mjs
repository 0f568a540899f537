// The console on a phone: at 360 and 430 px, no tab of an admin's console scrolls the page
// sideways (the document is no wider than the screen): the Événements tab with the registrations
// of an event open, Tournois with the demo's live tournament (standings, bracket, schedule) and
// with a tournament not generated yet (its pool-count estimates), Camps de jour, Paiements,
// Administrateurs, Superviseurs, Animateurs and Membres. A wide table scrolls inside its own box instead,
// the team or the name kept in view at its left edge; the header's controls stay large enough
// for a finger (44 px). The admin, the teams and the e-mail addresses have long names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE_TABS, demoArgs, drawn, eventWithTeams, grantAdmin, newContext, signIn, useServerAndBrowser } from './harness.mjs';

const WIDTHS = [360, 430];
const ADMIN = { email: 'marie-eve.berube-tremblay@example.org', firstName: 'Marie-Ève', lastName: 'Bérubé-Tremblay' };
const TITLE = 'Grand tournoi de volleyball de plage du lac Philippe';
const TEAMS = ['Les Spectaculaires Smasheuses de Wakefield', 'Les Castors', 'Bloc Party', 'Les Huards du lac', 'Smash', 'Sable'];
let setupEvent;

const suite = useServerAndBrowser({
  args: demoArgs(),
  async setUp({ browser, server }) {
    const admin = await newContext(browser);
    await signIn(admin, server, ADMIN);
    grantAdmin(server, ADMIN.email);
    setupEvent = await eventWithTeams(browser, server, admin, { title: TITLE, description: 'Tournoi de plage.', teams: TEAMS, prefix: 'capitaine-au-courriel-interminable' });
    // A tournament not generated yet: the tab shows the estimates per pool count.
    const created = await admin.request.post(`${server.url}/api/admin/events/${setupEvent}/tournament`, { headers: { Origin: server.url }, data: {} });
    assert.equal(created.status(), 201, await created.text());
    await admin.close();
  },
});

/** Opens `route` and waits until every query has answered and been drawn. */
async function open(page, route) {
  await page.goto(`${suite.server.url}${route}`, { waitUntil: 'networkidle' });
  await page.locator('footer').waitFor();
  await drawn(page);
}

/** How wide the page is against the screen, with what sticks out past its right edge. */
function overflow(page) {
  return page.evaluate(() => {
    const width = globalThis.innerWidth;
    const beyond = [...globalThis.document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    return { scrollWidth: globalThis.document.documentElement.scrollWidth, width, beyond };
  });
}

/** The cell scrolled to the far right of its table's box is still fully in the box. */
async function stickyInView(page, cell) {
  return cell.evaluate((el) => {
    const box = el.closest('[role="region"]');
    box.scrollLeft = box.scrollWidth;
    const outer = box.getBoundingClientRect();
    const inner = el.getBoundingClientRect();
    return { scrolled: box.scrollLeft > 0, inView: inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 };
  });
}

for (const width of WIDTHS) {
  test(`every console tab fits a ${width} px phone; wide tables scroll in their box with the name in view`, async () => {
    const context = await newContext(suite.browser, { viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
    await signIn(context, suite.server, ADMIN);
    const page = await context.newPage();
    const wide = [];
    const check = async (what) => {
      const { scrollWidth, beyond } = await overflow(page);
      if (scrollWidth > width) wide.push(`${what}: ${scrollWidth} px (${beyond.join(', ')})`);
    };

    for (const tab of CONSOLE_TABS) {
      await open(page, `/admin?tab=${tab}`);
      await check(tab);
    }

    // The registrations of the demo's tournament and of the new event, open in Événements.
    await open(page, '/admin?tab=events');
    for (const title of ['Tournoi de volleyball de plage 4x4', TITLE]) {
      const item = page.getByTestId('admin-event').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await item.getByRole('button', { name: /^Inscriptions/ }).click();
      await item.getByTestId('admin-registration').first().waitFor();
      await check(`events, registrations of ${title}`);
    }

    // The live tournament: its standings (the team stays in view), its bracket and schedule.
    await open(page, '/admin?tab=tournaments&event=1');
    const standings = page.locator('#root').getByTestId('standings-table').first();
    await standings.waitFor();
    await check('tournaments, live');
    const team = await stickyInView(page, standings.locator('tbody th[scope="row"]').first());
    assert.deepEqual(team, { scrolled: true, inView: true }, 'the team column stays in view when the standings scroll');
    for (const round of ['Quart de finale', 'Demi-finale', 'Final']) {
      await page.getByRole('tab', { name: round, exact: true }).click();
      await check(`tournaments, ${round}`);
    }

    // A tournament to generate: the estimates per pool count.
    await open(page, `/admin?tab=tournaments&event=${setupEvent}`);
    await page.getByTestId('pool-estimates').waitFor();
    await check('tournaments, estimates');

    // Paiements: the unpaid registrations scroll sideways under the name.
    await open(page, '/admin?tab=payments');
    const name = await stickyInView(page, page.getByTestId('unpaid-table').locator('tbody th[scope="row"]').first());
    assert.deepEqual(name, { scrolled: true, inView: true }, 'the name column stays in view when the unpaid table scrolls');

    // The header's controls are finger-sized.
    const small = await page.locator('header').locator('a, button').evaluateAll((els) =>
      els
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent, ...el.getBoundingClientRect().toJSON() }))
        .filter(({ width: w, height: h }) => w < 44 || h < 44)
        .map(({ name: n, width: w, height: h }) => `${n} ${Math.round(w)}x${Math.round(h)}`),
    );
    assert.deepEqual(small, [], 'header controls of at least 44 × 44 px');

    await context.close();
    assert.deepEqual(wide, [], `no page wider than the ${width} px screen`);
  });
}
