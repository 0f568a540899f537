// Steady pages: on a phone-sized screen, each route below shifts the layout by at most
// 0.02 in all (Chromium's `layout-shift` entries, as CLS counts them) while its lazy chunk,
// translations and data arrive, and logs no console error. A visitor and a member load the
// public pages, /reservations and /day-camps (a member also /my-registrations, then registers a
// team and loads its /checkout and a filled /my-registrations); an admin loads
// the console (/admin and each of its tabs, ?tab=…) and the tournament pages: the event page of
// the demo's live tournament (/event/1, seed.rs's first event) and the console's Tournois tab on
// it. The header is as tall from the first paint as once the sign-in state is known, the footer
// starts below the fold, and every loading state (QueryStatus's skeletons, the lazy pages'
// placeholder) takes the room of what replaces it, so nothing in view is pushed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grantAdmin, newContext, signIn, useServerAndBrowser } from './harness.mjs';

const ADMIN_TABS = ['events', 'tournaments', 'dayCamps', 'payments', 'admins', 'supervisors', 'members'];
const ROUTES = {
  visitor: ['/', '/events', '/event/1', '/reservations', '/day-camps', '/my-registrations', '/checkout'],
  member: ['/', '/events', '/event/1', '/reservations', '/day-camps', '/my-registrations', '/checkout'],
  admin: ['/admin', ...ADMIN_TABS.map((tab) => `/admin?tab=${tab}`), '/admin?tab=tournaments&event=1', '/event/1'],
};
const PEOPLE = {
  member: { email: 'stable@example.org', firstName: 'Zoé', lastName: 'Stable' },
  admin: { email: 'steady-admin@example.org', firstName: 'Aline', lastName: 'Stable' },
};
const MAX_SHIFT = 0.02;

const suite = useServerAndBrowser({ args: ['--demo'] });

/** Registers a team of the member's for the demo's first paid event; its registration id. */
async function registerTeam(context) {
  const events = await (await context.request.get(`${suite.server.url}/api/events`)).json();
  const event = events.find((candidate) => candidate.price > 0);
  const response = await context.request.post(`${suite.server.url}/api/events/${event.id}/register`, {
    headers: { Origin: suite.server.url },
    data: {
      eventId: event.id, teamName: 'Les Immobiles', captainFirstName: 'Zoé', captainLastName: 'Stable',
      captainEmail: PEOPLE.member.email, member2FirstName: 'Alex', member2LastName: 'Stable', member2Email: 'alex.stable@example.org',
    },
  });
  assert.equal(response.status(), 201, await response.text());
  return (await response.json()).id;
}

async function measure(context, route) {
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
  await page.goto(`${suite.server.url}${route}`, { waitUntil: 'networkidle' });
  await page.locator('footer').waitFor();
  await page.waitForTimeout(1000);
  const { shift, moved } = await page.evaluate(() => ({ shift: globalThis.__shift, moved: globalThis.__moved }));
  await page.close();
  return { shift, errors, moved };
}

for (const who of ['visitor', 'member', 'admin']) {
  test(`${who === 'admin' ? 'an' : 'a'} ${who}'s load of each route shifts the layout by at most ${MAX_SHIFT} and logs no error`, async (t) => {
    const context = await newContext(suite.browser, { viewport: { width: 412, height: 823 } });
    if (PEOPLE[who]) await signIn(context, suite.server, PEOPLE[who]);
    if (who === 'admin') grantAdmin(suite.server, PEOPLE.admin.email);
    const routes = [...ROUTES[who]];
    // Then with a team registered: the checkout of it and the member's filled page.
    if (who === 'member') routes.push(`/checkout?type=event&id=${await registerTeam(context)}`, '/my-registrations');
    const seen = [];
    for (const route of routes) {
      const { shift, errors, moved } = await measure(context, route);
      const what = shift > MAX_SHIFT ? ` (moved: ${moved.join(', ')})` : '';
      seen.push(`${route}: ${shift.toFixed(3)}${what}${errors.length ? ` errors: ${errors.join(' | ')}` : ''}`);
    }
    await context.close();
    t.diagnostic(seen.join('; '));
    const bad = seen.filter((line) => parseFloat(line.split(': ')[1]) > MAX_SHIFT || line.includes('errors:'));
    assert.deepEqual(bad, [], seen.join('\n'));
  });
}
