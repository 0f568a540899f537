// Privacy (Loi 25) end to end with the real server and Chromium: the privacy page names the
// person in charge in French and in English; a member opens 'Mes données' from the user menu,
// downloads their JSON (it parses, holds their own team and not another member's) and asks
// for deletion; the admin sees the request in the console's Confidentialité tab with its
// 30-day clock, is told a refusal needs a note, and marks it done, which anonymises the member.
// The admin keeps the retention periods within the law and sees what goes when. axe finds
// nothing on the three pages.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { newContext, signIn, useServerAndBrowser } from './harness.mjs';

/** A hung browser call fails its test instead of stalling the whole suite. */
const test = (name, fn) => nodeTest(name, { timeout: 180_000 }, fn);

const ADMIN = 'direction@example.org';
const MEMBER = 'lavoie@example.org';
const OTHER = 'belanger@example.org';
const OFFICER = { name: 'Rosalie Caron', title: 'Directrice générale', email: 'vie.privee@example.org', phone: '819-555-0142' };

async function expectNoAxeViolations(page, label) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(summary, [], `axe violations on ${label}`);
}

/** One team per member in the same event, through the API. */
async function setUp({ browser, server }) {
  const admin = await newContext(browser);
  await signIn(admin, server, { email: ADMIN, firstName: 'Denise', lastName: 'Direction' });
  const headers = { Origin: server.url };
  const officer = await admin.request.put(`${server.url}/api/admin/privacy`, { headers, data: OFFICER });
  assert.equal(officer.status(), 200, await officer.text());
  const event = await admin.request.post(`${server.url}/api/events`, {
    headers,
    data: {
      title: 'Tournoi des familles', titleEn: '', description: 'Tournoi amical', descriptionEn: '', categoryId: 'volleyball',
      location: 'La Pêche', startDate: new Date(Date.now() + 10 * 86_400_000).toISOString(), endDate: null, price: 0,
      maxParticipants: null, requiresPayment: false,
    },
  });
  assert.equal(event.status(), 201, await event.text());
  const eventId = (await event.json()).id;
  for (const [email, team, last] of [[MEMBER, 'Les Huards Lavoie', 'Lavoie'], [OTHER, 'Les Castors Bélanger', 'Bélanger']]) {
    const context = await newContext(browser);
    await signIn(context, server, { email, firstName: 'Parent', lastName: last });
    const registered = await context.request.post(`${server.url}/api/events/${eventId}/register`, {
      headers,
      data: {
        eventId, teamName: team, captainFirstName: 'Parent', captainLastName: last, captainEmail: email,
        member2FirstName: 'Ami', member2LastName: last, member2Email: `ami.${email}`,
      },
    });
    assert.equal(registered.status(), 201, await registered.text());
    await context.close();
  }
  await admin.close();
}

const suite = useServerAndBrowser({ args: ['--admin-emails', ADMIN], setUp });

test('the privacy page names the person in charge in French and in English', async () => {
  const context = await newContext(suite.browser);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Confidentialité' }).click();
  await page.waitForURL('**/confidentialite');
  await page.getByRole('heading', { level: 1, name: 'Confidentialité' }).waitFor();
  const officer = page.getByTestId('privacy-officer');
  await officer.getByText(OFFICER.name).waitFor();
  await officer.getByRole('link', { name: OFFICER.email }).waitFor();
  await page.getByRole('heading', { name: 'Responsable de la protection des renseignements personnels' }).waitFor();
  await page.getByRole('heading', { name: 'Combien de temps' }).waitFor();
  await page.getByText('le temps de la saison de camp, puis 12 mois', { exact: false }).waitFor();
  await expectNoAxeViolations(page, '/confidentialite (fr)');

  await page.getByRole('button', { name: /English|anglais/i }).click();
  await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor();
  await page.getByRole('heading', { name: 'Person in charge of the protection of personal information' }).waitFor();
  await page.getByTestId('privacy-officer').getByText(OFFICER.name).waitFor();
  await page.getByRole('heading', { name: 'For how long' }).waitFor();
  await expectNoAxeViolations(page, '/confidentialite (en)');
  await context.close();
});

test('a member downloads their own data as JSON and asks for deletion', async () => {
  const context = await newContext(suite.browser);
  await signIn(context, suite.server, { email: MEMBER, firstName: 'Parent', lastName: 'Lavoie' });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/`);
  await page.getByRole('button', { name: /Menu du compte|Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Mes données' }).click();
  await page.waitForURL('**/mes-donnees');
  await page.getByRole('heading', { level: 1, name: 'Mes données' }).waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger (JSON)' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'mes-donnees.json');
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(data.user.email, MEMBER);
  const teams = data.eventRegistrations.map((r) => r.team_name);
  assert.deepEqual(teams, ['Les Huards Lavoie']);
  assert.ok(!JSON.stringify(data).includes('Bélanger'), 'nothing about the other family');
  await expectNoAxeViolations(page, '/mes-donnees');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Demander la suppression de mes données' }).click();
  await page.getByTestId('my-deletion-request').getByText('Demande de suppression en cours').waitFor();
  await page.getByText(/Réponse au plus tard le/).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Demander la suppression de mes données' }).count(), 0, 'one open request');
  await context.close();
});

test('on a phone the admin reads what goes when and keeps records at least the six years the law asks', async () => {
  const context = await newContext(suite.browser, { viewport: { width: 375, height: 812 } });
  await signIn(context, suite.server, { email: ADMIN, firstName: 'Denise', lastName: 'Direction' });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/admin?tab=privacy`);
  const panel = page.getByRole('region', { name: 'Conservation des renseignements' });
  await panel.waitFor();
  // Both teams' registrations, of an event ten days away: anonymised on 1 January, six full
  // years after their year.
  const year = new Date(Date.now() + 10 * 86_400_000).getFullYear();
  const row = panel.getByRole('row').filter({ hasText: 'Inscriptions aux événements anonymisées' });
  assert.deepEqual(await row.getByRole('cell').allTextContents(), [`1 janvier ${year + 7}`, 'Inscriptions aux événements anonymisées', '2']);

  const years = panel.getByLabel('Inscriptions, réservations et paiements : années après leur année');
  await years.fill('5');
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await panel.getByText("Un nombre entier d'années, de 6 (le minimum de la loi fiscale) à 20.").waitFor();
  await years.fill('7');
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await row.getByRole('cell', { name: `1 janvier ${year + 8}` }).waitFor();
  const saved = await context.request.get(`${suite.server.url}/api/admin/privacy-retention`);
  assert.equal((await saved.json()).recordsYears, 7);
  // The published page says the periods the centre chose.
  await page.goto(`${suite.server.url}/confidentialite`);
  await page.getByText('Les inscriptions, réservations et paiements : 7 ans après la fin de leur année', { exact: false }).waitFor();
  await context.close();
});

test('the admin sees the request with its 30-day clock in the console and marks it done', async () => {
  const context = await newContext(suite.browser);
  await signIn(context, suite.server, { email: ADMIN, firstName: 'Denise', lastName: 'Direction' });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/admin`);
  await page.getByRole('tab', { name: 'Confidentialité' }).click();
  const row = page.getByTestId('deletion-request').filter({ hasText: MEMBER });
  await row.waitFor();
  assert.equal(await row.getByTestId('deletion-clock').textContent(), '30 jours restants');
  await page.getByRole('heading', { name: 'Registre des incidents de confidentialité' }).waitFor();
  await expectNoAxeViolations(page, "the console's Confidentialité tab");

  // A refusal needs a note; done anonymises the member at once.
  await row.getByRole('button', { name: 'Refuser' }).click();
  await row.getByText('Dites pourquoi la demande est refusée.').waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Anonymiser et marquer effectuée' }).click();
  await page.getByTestId('deletion-request').filter({ hasText: 'Effectuée' }).waitFor();
  const members = await context.request.get(`${suite.server.url}/api/admin/all-users`);
  assert.ok(!(await members.text()).includes(MEMBER), "the member's e-mail is gone");
  await context.close();
});
