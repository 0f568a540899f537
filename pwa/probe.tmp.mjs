import { launchBrowser, newContext, signIn, startServer } from './e2e/harness.mjs';
const server = await startServer({ args: ['--demo'] });
const browser = await launchBrowser();
const context = await newContext(browser, { viewport: { width: 412, height: 823 } });
await signIn(context, server, { email: 'stable@example.org', firstName: 'Zoé', lastName: 'Stable' });
for (const route of ['/', '/events', '/event/1', '/reservations', '/day-camps', '/my-registrations']) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    globalThis.__log = [];
    const t0 = performance.now();
    const ro = new ResizeObserver((entries) => { for (const e of entries) globalThis.__log.push(`${Math.round(performance.now() - t0)}ms ${e.target.tagName}.${String(e.target.className).split(' ')[0]} h=${Math.round(e.contentRect.height)} [${e.target.textContent.slice(0, 40)}]`); });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.value > 0.005) globalThis.__log.push(`SHIFT ${e.value.toFixed(3)} @${Math.round(e.startTime)} :: ` + [...document.querySelectorAll('main section, main h1, main p, main a, header')].map((el) => { const r = el.getBoundingClientRect(); return `${el.tagName}[${el.textContent.slice(0, 18)}] y${Math.round(r.y)} h${Math.round(r.height)}`; }).join(' | ')); }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => { for (const el of document.querySelectorAll('main section, main > div > *, main > *')) { if (!el.__o) { el.__o = 1; ro.observe(el); } } }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(server.url + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const log = await page.evaluate(() => globalThis.__log); if (log.some((l) => l.startsWith('SHIFT'))) console.log(route, '\n  ' + log.join('\n  '));
  await page.close();
}
await browser.close(); await server.stop();
