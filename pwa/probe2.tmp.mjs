import { launchBrowser, newContext, signIn, startServer } from './e2e/harness.mjs';
const server = await startServer({ args: ['--demo'] });
const browser = await launchBrowser();
const context = await newContext(browser, { viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
await signIn(context, server, { email: 'stable@example.org', firstName: 'Zoé', lastName: 'Stable' });
const cases = { '/my-registrations': ['/api/user/court-bookings', '/api/user/event-registrations', '/api/user/day-camp-registrations', '/api/auth/user'], '/event/1': ['/api/events/1/user-team', '/api/events/1/tournament', '/api/events/1', '/api/auth/user', '/api/user/event-registrations'] };
for (const [route, holds] of Object.entries(cases)) for (const hold of [null, ...holds]) {
  const page = await context.newPage();
  if (hold) await page.route((url) => url.pathname === hold, () => {});
  await page.goto(server.url + route);
  await page.waitForTimeout(2500);
  const rects = await page.evaluate(() => [...document.querySelectorAll('main section')].map((el) => `${el.textContent.slice(0, 22)}: y${Math.round(el.getBoundingClientRect().y)} h${Math.round(el.getBoundingClientRect().height)}`));
  console.log(route, 'holding', hold, '\n   ' + rects.slice(0, 6).join('\n   '));
  await page.close();
}
await browser.close(); await server.stop();
