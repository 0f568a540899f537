// The waiting list end to end with the real server, Chromium and a real SMTP sink: a member
// joins a full camp week's list from the day-camp form ('Rejoindre la liste d'attente') and sees
// their rank on /my-registrations; a place frees (an admin refunds a registration); the offer's
// e-mail in the sink links to the acceptance page; the member accepts there and lands on
// /checkout. The console's Listes d'attente tab shows the member first in line. axe finds nothing
// on the acceptance page nor on the console's tab. A full event's list is joined from its card
// and from its own page.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { newContext, signIn, useServerAndBrowser } from './harness.mjs';

/** A hung browser call fails its test instead of stalling the whole suite. */
const test = (name, fn) => nodeTest(name, { timeout: 180_000 }, fn);

const ADMIN = 'chef@example.org';
const FILLER = 'plein@example.org';
const MEMBER = 'noemie@example.org';

let weeks;

const suite = useServerAndBrowser({
  smtp: true,
  args: ['--admin-emails', ADMIN, '--interac-email', 'paiements@centre.example'],
  setUp: async ({ server }) => {
    weeks = await (await fetch(`${server.url}/api/day-camp-weeks?programId=explorateurs`)).json();
  },
});

/** A birth date giving 7 years on the first camp Monday, and all summer. */
function bornSeven() {
  const [y, m, d] = weeks[0].startDate.split('-').map(Number);
  return new Date(Date.UTC(y - 7, m - 1, d) - 40 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

async function expectNoAxeViolations(page, label) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(summary, [], `axe violations on ${label}`);
}

async function signedIn(email, firstName) {
  const context = await newContext(suite.browser);
  await signIn(context, suite.server, { email, firstName, lastName: 'Roy' });
  return { context, page: await context.newPage() };
}

test('a member joins a full week’s list, is offered the freed place by e-mail, accepts and lands on /checkout', async () => {
  const week = weeks[0];
  // Another parent fills the week (20 places).
  const filler = await signedIn(FILLER, 'Paul');
  const taken = [];
  for (let i = 0; i < 20; i++) {
    const response = await filler.context.request.post(`${suite.server.url}/api/day-camp-registrations`, {
      headers: { Origin: suite.server.url },
      data: {
        programId: 'explorateurs', weekId: String(week.id), childFirstName: `Enfant${i}`, childLastName: 'Plein',
        childBirthDate: bornSeven(), parentName: 'Paul Plein', parentEmail: FILLER, parentPhone: '819-555-0101',
        healthForm: { emergencyContacts: [{ name: 'Marc Roy', relation: 'grand-père', phone: '819-555-0199' }] }, healthConsent: true, healthConsentVersion: 'sante-2026-1',
      },
    });
    assert.equal(response.status(), 201);
    taken.push((await response.json()).id);
  }
  await filler.context.close();

  // The member chooses the full week's waiting list in the form and sends the child's details.
  const { context, page } = await signedIn(MEMBER, 'Noémie');
  await page.goto(`${suite.server.url}/day-camps`);
  await page.getByTestId('program-explorateurs').getByRole('button', { name: /S'inscrire/ }).click();
  await page.getByRole('button', { name: "Rejoindre la liste d'attente" }).click();
  await page.getByRole('button', { name: "Liste d'attente choisie" }).waitFor();
  await page.getByRole('textbox', { name: "Prénom de l'enfant", exact: true }).fill('Zoé');
  await page.getByRole('textbox', { name: "Nom de l'enfant", exact: true }).fill('Roy');
  await page.getByLabel(/^Date de naissance/).fill(bornSeven());
  await page.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('819-555-0101');
  await page.getByLabel('Nom du contact 1').fill('Marc Roy');
  await page.getByLabel('Lien avec l\'enfant (contact 1)').fill('grand-père');
  await page.getByLabel('Téléphone du contact 1').fill('819-555-0199');
  await page.getByRole('checkbox', { name: /^Je consens/ }).check();
  await page.getByRole('button', { name: "Rejoindre la liste d'attente" }).click();
  await page.waitForURL(/\/my-registrations$/);
  await page.getByText("Rang 1 sur la liste d'attente").waitFor();

  // The console's Listes d'attente tab shows the list with the member first in line.
  const admin = await signedIn(ADMIN, 'Chloé');
  await admin.page.goto(`${suite.server.url}/admin?tab=waitlists`);
  const list = admin.page.getByTestId('admin-waitlist');
  await list.getByText('Rang 1 · Noémie Roy').waitFor();
  await list.getByText('En attente', { exact: true }).waitFor();
  await expectNoAxeViolations(admin.page, "the console's waiting lists");

  // A place frees: the admin refunds one registration of the week.
  for (const paymentStatus of ['paid', 'refunded']) {
    const response = await admin.context.request.put(`${suite.server.url}/api/admin/day-camp-registrations/${taken[0]}/payment`, {
      headers: { Origin: suite.server.url },
      data: { paymentStatus },
    });
    assert.equal(response.status(), 200, await response.text());
  }
  await admin.context.close();

  // The offer's e-mail links to the acceptance page.
  const mail = await suite.sink.waitFor((m) => m.to.includes(MEMBER) && m.text.includes('/offers/'));
  assert.match(mail.text, /Une place s'est libérée/);
  const path = /\/offers\/\d+/.exec(mail.text)[0];
  await page.goto(`${suite.server.url}${path}`);
  await page.getByRole('heading', { name: 'Une place pour vous' }).waitFor();
  await page.getByText(/^Réservée jusqu'au /).waitFor();
  await expectNoAxeViolations(page, 'the acceptance page');

  await page.getByRole('button', { name: 'Accepter la place' }).click();
  await page.waitForURL(/\/checkout\?type=daycamp&id=\d+&amount=120$/);
  await context.close();
});

test("a full event's card and its page offer its waiting list; the team form joins it and the rank shows", async () => {
  const TITLE = 'Tournoi complet de décembre';
  const admin = await signedIn(ADMIN, 'Chloé');
  const start = `${new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString().slice(0, 10)}T09:00`;
  const created = await admin.context.request.post(`${suite.server.url}/api/events`, {
    headers: { Origin: suite.server.url },
    data: {
      title: TITLE, titleEn: '', description: 'Tournoi amical.', descriptionEn: '', categoryId: 'volleyball',
      location: 'La Pêche', startDate: start, endDate: null, price: 10, maxParticipants: 2, requiresPayment: false,
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const eventId = (await created.json()).id;
  const full = await admin.context.request.post(`${suite.server.url}/api/events/${eventId}/register`, {
    headers: { Origin: suite.server.url },
    data: { eventId, teamName: 'Les Premiers', captainFirstName: 'Chloé', captainLastName: 'Chef', captainEmail: ADMIN, member2FirstName: 'Max', member2LastName: 'Roy', member2Email: 'max@example.org' },
  });
  assert.equal(full.status(), 201, await full.text());
  await admin.context.close();

  const { context, page } = await signedIn('equipe@example.org', 'Jade');
  await page.goto(`${suite.server.url}/events`);
  const card = page.getByTestId('event-card').filter({ hasText: TITLE });
  assert.equal(await card.getByRole('button', { name: 'Complet' }).isDisabled(), true);
  await card.getByRole('button', { name: "Rejoindre la liste d'attente" }).click();
  const dialog = page.getByRole('dialog');
  const member2 = dialog.getByRole('group', { name: /Membre 2/ });
  await member2.getByRole('textbox', { name: 'Prénom' }).fill('Alex');
  await member2.getByRole('textbox', { name: 'Nom', exact: true }).fill('Roy');
  await member2.getByRole('textbox', { name: 'Courriel' }).fill('alex@example.org');
  await dialog.getByRole('button', { name: "Rejoindre la liste d'attente" }).click();
  await page.waitForURL(/\/my-registrations$/);
  await page.getByTestId('waitlist-entry').filter({ hasText: TITLE }).getByText("Rang 1 sur la liste d'attente").waitFor();
  await context.close();

  // The event's own page offers the same list: another team joins from there, second in line.
  const second = await signedIn('deuxieme@example.org', 'Léo');
  await second.page.goto(`${suite.server.url}/event/${eventId}`);
  await second.page.getByRole('heading', { name: TITLE }).waitFor();
  await second.page.getByRole('button', { name: "Rejoindre la liste d'attente" }).click();
  const form = second.page.getByRole('dialog');
  const teammate = form.getByRole('group', { name: /Membre 2/ });
  await teammate.getByRole('textbox', { name: 'Prénom' }).fill('Sam');
  await teammate.getByRole('textbox', { name: 'Nom', exact: true }).fill('Roy');
  await teammate.getByRole('textbox', { name: 'Courriel' }).fill('sam@example.org');
  await form.getByRole('button', { name: "Rejoindre la liste d'attente" }).click();
  await second.page.waitForURL(/\/my-registrations$/);
  await second.page.getByTestId('waitlist-entry').filter({ hasText: TITLE }).getByText("Rang 2 sur la liste d'attente").waitFor();
  await second.context.close();
});
