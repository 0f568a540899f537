// Steady pages: at each phone width (360, 375, 390, 412 and 430 px), each route below shifts the
// layout by at most 0.02 in all (Chromium's `layout-shift` entries, as CLS counts them) while its
// lazy chunk, translations and data arrive, and logs no console error. A visitor and a member
// with a long name (Marie-Ève Bérubé-Tremblay: it must not make the header grow) load the public
// pages, /reservations, /day-camps and the privacy page /confidentialite, whose person in charge
// and retention periods arrive from the API (a member also /my-registrations and 'Mes données',
// /mes-donnees, then registers a team and loads its /checkout and a filled /my-registrations); an admin loads the console (/admin and each
// of its tabs, ?tab=…) and the tournament pages: the event page of the demo's live tournament
// (/event/1, the demo's first event) and the console's Tournois tab on it. One browser context and
// page per person and width, all side by side. The header is one row of a fixed height from the first paint,
// whoever signs in and whatever their name, the footer starts below the fold, and every loading
// state (QueryStatus's skeletons, the lazy pages' placeholder) takes the room of what replaces
// it, so nothing in view is pushed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE_TABS, demoArgs, grantAdmin, newContext, signIn, useServerAndBrowser } from './harness.mjs';

const ROUTES = {
  visitor: ['/', '/events', '/event/1', '/reservations', '/day-camps', '/my-registrations', '/checkout', '/confidentialite'],
  member: ['/', '/events', '/event/1', '/reservations', '/day-camps', '/my-registrations', '/checkout', '/confidentialite', '/mes-donnees'],
  admin: ['/admin', ...CONSOLE_TABS.map((tab) => `/admin?tab=${tab}`), '/admin?tab=tournaments&event=1', '/event/1'],
};
const PEOPLE = {
  member: { email: 'stable@example.org', firstName: 'Marie-Ève', lastName: 'Bérubé-Tremblay' },
  admin: { email: 'steady-admin@example.org', firstName: 'Aline', lastName: 'Stable' },
};
const WIDTHS = [360, 375, 390, 412, 430];
const MAX_SHIFT = 0.02;

// Fifteen pages at once share one address: above the caps one client gets by default (they are
// tested in tests/connections.rs and scripts/exhaustion.py).
const suite = useServerAndBrowser({ args: [...demoArgs(), '--max-connections-per-address', '1024', '--max-streams-per-address', '512'] });

/** Registers a team of the member's for the demo's first paid event; its registration id. */
async function registerTeam(context) {
  const events = await (await context.request.get(`${suite.server.url}/api/events`)).json();
  const event = events.find((candidate) => candidate.price > 0);
  const response = await context.request.post(`${suite.server.url}/api/events/${event.id}/register`, {
    headers: { Origin: suite.server.url },
    data: {
      eventId: event.id, teamName: 'Les Immobiles', captainFirstName: PEOPLE.member.firstName, captainLastName: PEOPLE.member.lastName,
      captainEmail: PEOPLE.member.email, member2FirstName: 'Alex', member2LastName: 'Stable', member2Email: 'alex.stable@example.org',
    },
  });
  assert.equal(response.status(), 201, await response.text());
  return (await response.json()).id;
}

/** A page that adds up the layout shifts of each load (and notes what moved) and its console errors. */
async function instrumentedPage(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => {
    globalThis.__shift = 0;
    globalThis.__moved = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        globalThis.__shift += entry.value;
        // What moved, for the failure message: the element and its top before → after.
        if (entry.value > 0.005) {
          for (const { node, previousRect, currentRect } of entry.sources) {
            const name = node ? `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className ?? '').split(' ')[0]}` : '?';
            globalThis.__moved.push(`${name} ${Math.round(previousRect.y)}→${Math.round(currentRect.y)} h${Math.round(previousRect.height)}→${Math.round(currentRect.height)} [${node?.textContent?.slice(0, 60)}] ${Math.round(entry.startTime)}ms`);
          }
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { page, errors };
}

/** Loads `route` in the instrumented page: its shift in all, what moved, the errors it logged. */
async function measure({ page, errors }, route) {
  errors.length = 0;
  await page.goto(`${suite.server.url}${route}`, { waitUntil: 'networkidle' });
  await page.locator('footer').waitFor();
  // Kept: the second after the network went quiet is the window measured (a load's shifts as a
  // person sees the page arrive), not a wait before checking that something did not happen.
  await page.waitForTimeout(1000);
  const { shift, moved } = await page.evaluate(() => ({ shift: globalThis.__shift, moved: globalThis.__moved }));
  return { shift, errors: [...errors], moved };
}

// The three people side by side (each in its own contexts): most of a load is waiting.
describe('steady pages at every phone width', { concurrency: true }, () => {
  for (const who of ['visitor', 'member', 'admin']) {
    test(`${who === 'admin' ? 'an' : 'a'} ${who}'s load of each route shifts the layout by at most ${MAX_SHIFT} at ${WIDTHS.join(', ')} px and logs no error`, async (t) => {
      if (who === 'admin') grantAdmin(suite.server, PEOPLE.admin.email);
      const seen = [];
      // The widths side by side too, each in its own context: most of a load is waiting.
      const screens = await Promise.all(
        WIDTHS.map(async (width) => {
          const context = await newContext(suite.browser, { viewport: { width, height: 823 } });
          if (PEOPLE[who]) await signIn(context, suite.server, PEOPLE[who]);
          return { width, context, instrumented: await instrumentedPage(context) };
        }),
      );
      const checkAll = (routes) =>
        Promise.all(
          screens.map(async ({ width, instrumented }) => {
            for (const route of routes) {
              const { shift, errors, moved } = await measure(instrumented, route);
              const what = shift > MAX_SHIFT ? ` (moved: ${moved.join(', ')})` : '';
              seen.push(`${width}px ${route}: ${shift.toFixed(3)}${what}${errors.length ? ` errors: ${errors.join(' | ')}` : ''}`);
            }
          }),
        );
      await checkAll(ROUTES[who]);
      // Then, every width done with the empty pages, a team registered: its checkout and the
      // member's filled page.
      if (who === 'member') {
        const registration = await registerTeam(screens[0].context);
        await checkAll([`/checkout?type=event&id=${registration}`, '/my-registrations']);
      }
      await Promise.all(screens.map(({ context }) => context.close()));
      seen.sort();
      t.diagnostic(seen.join('; '));
      const bad = seen.filter((line) => parseFloat(line.split(': ')[1]) > MAX_SHIFT || line.includes('errors:'));
      assert.deepEqual(bad, [], seen.join('\n'));
    });
  }
});
