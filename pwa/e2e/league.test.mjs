// The weekly league on the event page, served by the real binary with its demo (/event/6, the
// Tuesday league): a visitor on a phone from 360 to 430 px wide reads 'Grille de la semaine',
// each tier's court and teams, the first match at 18:30 on the centre's clock in a browser set
// to another zone, the season's nights and the rules, with no horizontal scroll and no axe
// violation; in English, the same grid in English. An admin on a phone runs a league from the
// console's Ligues tab: makes an event a league with the form, marks a team absent (the event
// page says so), and calls a night off with its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demoArgs, eventWithTeams, expectNoAxeViolations, grantAdmin, newContext, signIn, toast, useServerAndBrowser } from './harness.mjs';

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

const ADMIN = { email: 'genevieve.levesque-ouellet@example.org', firstName: 'Geneviève', lastName: 'Lévesque-Ouellet' };

for (const width of [360, 430]) {
  test(`an admin makes an event a league and runs its nights from a ${width} px phone`, async () => {
    const admin = await newContext(suite.browser, { viewport: { width, height: 800 }, isMobile: true, hasTouch: true, timezoneId: 'Europe/Paris' });
    await signIn(admin, suite.server, ADMIN);
    grantAdmin(suite.server, ADMIN.email);
    const teams = ['Les Spectaculaires Smasheuses de Wakefield', 'Les Castors', 'Bloc Party', 'Les Huards du lac', 'Sable', 'Smash'];
    const eventId = await eventWithTeams(suite.browser, suite.server, admin, { title: `Ligue du jeudi ${width}`, description: 'Ligue.', teams, prefix: `ligue-${width}-` });
    const page = await admin.newPage();
    await page.goto(`${suite.server.url}/admin?tab=leagues&event=${eventId}`);
    const form = page.getByRole('form', { name: 'Créer la ligue' });
    await form.waitFor();
    // The second Thursday of next June: in the courts' season, whatever day the test runs.
    const year = new Date().getUTCFullYear() + 1;
    const june = new Date(Date.UTC(year, 5, 1));
    const first = new Date(Date.UTC(year, 5, 1 + ((4 - june.getUTCDay() + 7) % 7) + 7)).toISOString().slice(0, 10);
    await form.getByLabel(/Première soirée/).fill(first);
    await form.getByLabel('Nombre de semaines').fill('6');
    // Tier 1 on court 2, tier 2 on court 1: the order they are ticked in.
    await form.getByLabel('Terrain de volleyball 2').check();
    await form.getByLabel('Terrain de volleyball 1').check();
    await form.getByRole('button', { name: 'Créer la ligue' }).tap();
    await toast(page, 'Ligue créée').waitFor();
    const nights = page.getByRole('region', { name: 'Les soirées' });
    await nights.getByText('Soirée 6').waitFor();
    await expectNoAxeViolations(page, `the Ligues tab at ${width} px`);
    const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.document.documentElement.clientWidth);
    assert.equal(overflow, 0, `no horizontal scroll at ${width} px`);

    // Bloc Party cannot come on the first night: the event page says so.
    const absences = page.getByRole('region', { name: 'Absences, soirée 1' });
    await absences.getByLabel('Bloc Party est absente').tap();
    await absences.getByRole('checkbox', { name: 'Bloc Party est absente', checked: true }).waitFor();
    const visitor = await newContext(suite.browser);
    const eventPage = await visitor.newPage();
    await eventPage.goto(`${suite.server.url}/event/${eventId}`);
    const grid = eventPage.getByRole('region', { name: 'Grille de la semaine' });
    await grid.getByRole('heading', { name: 'Niveau 1 · Terrain de volleyball 2' }).waitFor();
    await grid.getByText('(absente)').waitFor();
    assert.match(await grid.getByText('(absente)').locator('..').textContent(), /Bloc Party/);

    // The captain of Les Castors says, from a phone, that the team cannot come either.
    const captain = await newContext(suite.browser, { viewport: { width, height: 800 }, isMobile: true, hasTouch: true, timezoneId: 'Europe/Paris' });
    await signIn(captain, suite.server, { email: `ligue-${width}-1@example.org`, firstName: 'Capitaine1', lastName: 'Roy' });
    const captainPage = await captain.newPage();
    await captainPage.goto(`${suite.server.url}/event/${eventId}`);
    const team = captainPage.getByRole('region', { name: 'Votre équipe' });
    await team.getByText('Les Castors').waitFor();
    await team.getByRole('button', { name: 'Nous ne pourrons pas venir' }).tap();
    await team.getByRole('button', { name: 'Finalement, nous serons là' }).waitFor();
    await team.getByText('Votre équipe est inscrite absente à la soirée 1', { exact: false }).waitFor();
    await expectNoAxeViolations(captainPage, `the captain's league team at ${width} px`);
    await captain.close();

    // Rain on night 2: cancelled with its reason, and the event page lists it.
    await nights.getByRole('button', { name: 'Annuler la soirée 2' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Raison').selectOption('rain');
    await dialog.getByLabel(/Message aux capitaines/).fill('Orages prévus : on se reprend la semaine prochaine.');
    await dialog.getByRole('button', { name: 'Annuler la soirée', exact: true }).tap();
    await toast(page, 'Soirée annulée, capitaines avisés').waitFor();
    await nights.getByText('annulée (pluie)').waitFor();
    await eventPage.reload();
    await eventPage.getByRole('region', { name: 'Les soirées' }).getByText('(pluie)').waitFor();
    await visitor.close();
    await admin.close();
  });
}
