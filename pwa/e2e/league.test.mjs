// The weekly league on the event page, served by the real binary with its demo (/event/6, the
// Tuesday league): a visitor on a phone from 360 to 430 px wide reads 'Grille de la semaine',
// each tier's court and teams, the first match at 18:30 on the centre's clock in a browser set
// to another zone, the season's nights and the rules, with no horizontal scroll and no axe
// violation; in English, the same grid in English.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demoArgs, expectNoAxeViolations, newContext, useServerAndBrowser } from './harness.mjs';

const suite = useServerAndBrowser({ args: demoArgs() });

for (const width of [360, 430]) {
  test(`a visitor reads this week's grid on a ${width} px phone`, async () => {
    const context = await newContext(suite.browser, { viewport: { width, height: 800 }, timezoneId: 'Europe/Paris' });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/event/6`);
    const grid = page.getByRole('region', { name: 'Grille de la semaine' });
    await grid.waitFor();
    const tiers = grid.getByRole('heading', { level: 4 });
    assert.deepEqual(await tiers.allTextContents(), [
      'Niveau 1 · Terrain de volleyball 1',
      'Niveau 2 · Terrain de volleyball 2',
      'Niveau 3 · Terrain de volleyball 1',
      'Niveau 4 · Terrain de volleyball 2',
    ]);
    // 18:30 at the lake, although the browser is in Paris.
    assert.equal(await grid.locator('time').first().textContent(), '18:30');
    assert.ok((await grid.textContent()).includes('Les Huards'));
    await page.getByRole('region', { name: 'Les soirées' }).getByText('Soirée 10').waitFor();
    await page.getByRole('region', { name: 'Règlements' }).waitFor();
    assert.equal(await page.getByText("Aucun tournoi n'est encore prévu pour cet événement.").count(), 0);
    const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.document.documentElement.clientWidth);
    assert.equal(overflow, 0, `no horizontal scroll at ${width} px`);
    await expectNoAxeViolations(page, `/event/6 at ${width} px`);
    await context.close();
  });
}

test('the grid reads in English', async () => {
  const context = await newContext(suite.browser, { locale: 'en-CA' });
  await context.addInitScript(() => localStorage.setItem('centre.lang', 'en'));
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/event/6`);
  const grid = page.getByRole('region', { name: "This week's grid" });
  await grid.waitFor();
  await grid.getByRole('heading', { name: 'Tier 1 · Volleyball court 1' }).waitFor();
  await page.getByRole('region', { name: 'Rules' }).waitFor();
  await context.close();
});
