// Payments end to end with the real server and Chromium: an admin creates a paid
// event through the API; a member registers a team from /events and lands on
// /checkout?type=event&id=… with the amount and the reference; in the console's Paiements tab
// the admin sees the registration unpaid, gives the event a payment deadline, is told why a
// text that is no notification cannot be read, pastes the French Interac notification carrying
// that reference and amount, reads 'Prêt à confirmer', confirms, and the member's
// /my-registrations says 'Payé'; reading the same notification again says 'Déjà payé'. axe
// finds nothing on the Paiements tab (with the reconciliation table shown) and on the checkout.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { newContext, signIn, toast, useServerAndBrowser } from './harness.mjs';

/** A hung browser call fails its test instead of stalling the whole suite. */
const test = (name, fn) => nodeTest(name, { timeout: 180_000 }, fn);

const ADMIN = 'chef@example.org';
const MEMBER = 'marie@example.org';
const INTERAC = 'paiements@centre.example';
const TITLE = 'Tournoi de volley de novembre';
const TEXTAREA = 'Collez les avis de virement Interac ou le relevé CSV de la banque';

/** Filled by the member's registration. */
let reference;
let registrationId;

const suite = useServerAndBrowser({ args: ['--admin-emails', ADMIN, '--interac-email', INTERAC] });

async function expectNoAxeViolations(page, label) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(summary, [], `axe violations on ${label}`);
}

function inTenDays() {
  const day = new Date(Date.now() + 10 * 24 * 3600 * 1000);
  return `${day.toISOString().slice(0, 10)}T09:00`;
}

/** The French notification Interac sends the centre, for `amount` with `message`. */
const notification = (amount, message) => `Virement Interac : MARIE TREMBLAY vous a envoyé de l'argent.
Bonjour,
MARIE TREMBLAY vous a envoyé ${amount} $ (CAD) et l'argent a été déposé automatiquement dans votre compte bancaire.
Message : ${message}
Numéro de référence : CA1MRbYZ7nQ3
Date : 20 novembre 2026
`;

async function adminPage() {
  const context = await newContext(suite.browser);
  await signIn(context, suite.server, { email: ADMIN, firstName: 'Chloé', lastName: 'Chef' });
  const page = await context.newPage();
  return { context, page };
}

test('a member registers a team for a paid event and lands on /checkout with the amount and the reference', async () => {
  const admin = await adminPage();
  const created = await admin.context.request.post(`${suite.server.url}/api/events`, {
    headers: { Origin: suite.server.url },
    data: {
      title: TITLE, titleEn: '', description: 'Tournoi amical en équipes.', descriptionEn: '', categoryId: 'volleyball',
      location: 'La Pêche', startDate: inTenDays(), endDate: null, price: 40, maxParticipants: 40, requiresPayment: false,
    },
  });
  assert.equal(created.status(), 201, await created.text());
  await admin.context.close();

  const context = await newContext(suite.browser);
  await signIn(context, suite.server, { email: MEMBER, firstName: 'Marie', lastName: 'Tremblay' });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/events`);
  await page.getByTestId('event-card').filter({ hasText: TITLE }).getByRole('button', { name: "S'inscrire" }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Nom de l'équipe").fill('Les Smash');
  const member2 = dialog.getByRole('group', { name: /Membre 2/ });
  await member2.getByRole('textbox', { name: 'Prénom' }).fill('Alex');
  await member2.getByRole('textbox', { name: 'Nom', exact: true }).fill('Roy');
  await member2.getByRole('textbox', { name: 'Courriel' }).fill('alex@example.org');
  await dialog.getByRole('button', { name: "Inscrire l'équipe" }).click();

  await toast(page, 'Inscription réussie').waitFor();
  await page.waitForURL(/\/checkout\?type=event&id=\d+$/);
  registrationId = Number(new URL(page.url()).searchParams.get('id'));
  // 40 $ × 2 people (the captain and member 2).
  await page.getByTestId('checkout-amount').getByText('80,00 $').waitFor();
  reference = (await page.getByTestId('checkout-reference').innerText()).trim();
  assert.match(reference, /^EV\d+-[A-Z2-9]{6}$/);
  await page.getByText(TITLE, { exact: true }).waitFor();
  await page.getByText('Les Smash', { exact: true }).waitFor();
  await page.getByTestId('payment-badge').getByText('En attente').waitFor();
  await page.getByText(`Envoyez un virement Interac à ${INTERAC}.`).waitFor();
  await page.getByText(`Inscrivez la référence ${reference} dans le message du virement.`).waitFor();
  await expectNoAxeViolations(page, 'checkout of an event registration (fr)');
  await context.close();
});

test("an admin sets a payment deadline, reads the Interac notification in the Paiements tab and confirms the payment; the member sees 'Payé'", async () => {
  assert.ok(reference, 'the registration of the first test');
  const { context, page } = await adminPage();
  await page.goto(`${suite.server.url}/admin?tab=payments`);
  await page.getByRole('tab', { name: 'Paiements', selected: true }).waitFor();
  await page.getByRole('heading', { name: 'Paiements', exact: true }).waitFor();
  const unpaid = page.getByTestId('unpaid-row').filter({ hasText: reference });
  await unpaid.getByText('Les Smash').waitFor();
  await unpaid.getByText(TITLE).waitFor();
  await unpaid.getByText('80,00 $').waitFor();
  await page.getByTestId('event-totals').getByRole('row').filter({ hasText: TITLE }).getByText('80,00 $').first().waitFor();

  // A payment deadline for the event: 14 days after registration, shown in the unpaid row.
  await unpaid.getByRole('cell', { name: 'Aucune', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Date limite de paiement' }).click();
  const deadline = page.getByRole('dialog', { name: 'Date limite de paiement' });
  await deadline.getByRole('button', { name: 'Enregistrer' }).click();
  await deadline.getByText('Choisissez un événement ou un programme.').waitFor();
  const option = await deadline.locator('option', { hasText: TITLE }).getAttribute('value');
  await deadline.getByLabel('Pour').selectOption(option);
  await deadline.getByLabel("Délai en jours après l'inscription (1 à 365, facultatif)").fill('14');
  await deadline.getByRole('button', { name: 'Enregistrer' }).click();
  await toast(page, 'Date limite de paiement enregistrée').waitFor();
  await deadline.waitFor({ state: 'hidden' });
  await unpaid.getByRole('cell', { name: 'Aucune', exact: true }).waitFor({ state: 'detached' });
  const due = (await (await context.request.get(`${suite.server.url}/api/admin/payments`)).json()).unpaid.find((u) => u.reference === reference);
  assert.equal(new Date(due.deadline) - new Date(due.registeredAt), 14 * 24 * 3600 * 1000, 'due 14 days after registration');

  // A text that is no notification: the server's message under the field, in French.
  await page.getByLabel(TEXTAREA).fill('Bonjour, voici mon paiement.');
  await page.getByRole('button', { name: 'Lire les virements' }).click();
  const refused = page.locator('#root').getByRole('alert').filter({ hasText: /\S/ }).first();
  await refused.waitFor();
  assert.doesNotMatch(await refused.innerText(), /reconcile_/, 'a sentence, not a code');
  assert.equal(await page.getByLabel(TEXTAREA).getAttribute('aria-invalid'), 'true');

  // Read: nothing is paid yet.
  await page.getByLabel(TEXTAREA).fill(notification('80,00', `équipe Les Smash ${reference}`));
  await page.getByRole('button', { name: 'Lire les virements' }).click();
  const line = page.getByTestId('reconcile-line').first();
  await line.getByText('Prêt à confirmer').waitFor();
  await line.getByText('MARIE TREMBLAY').waitFor();
  await line.getByText('20 novembre 2026').waitFor();
  assert.equal(await page.getByTestId('reconcile-line').count(), 1);
  assert.equal(await line.getByRole('checkbox', { name: 'Confirmer le virement de la ligne 1' }).isChecked(), true);
  const before = await (await context.request.get(`${suite.server.url}/api/admin/payments`)).json();
  assert.ok(before.unpaid.some((u) => u.reference === reference), 'reading marks nothing paid');
  await expectNoAxeViolations(page, 'Paiements tab with the reconciliation table (fr)');

  await page.getByRole('button', { name: 'Confirmer les paiements (1)' }).click();
  await toast(page, '1 paiement confirmé').waitFor();
  await page.getByTestId('unpaid-row').filter({ hasText: reference }).waitFor({ state: 'detached' });
  await page.getByText('Aucune inscription impayée.').waitFor();

  // The same notification again: already paid, nothing to confirm.
  await page.getByRole('button', { name: 'Lire les virements' }).click();
  await page.getByTestId('reconcile-line').first().getByText('Déjà payé').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Confirmer les paiements (0)' }).isDisabled(), true);

  // The registration says which transfer paid it.
  await page.goto(`${suite.server.url}/admin?tab=events`);
  const card = page.getByTestId('admin-event').filter({ hasText: TITLE });
  await card.getByRole('button', { name: 'Inscriptions (1)' }).click();
  await card.getByTestId('paid-by').getByText('Payé par virement Interac de MARIE TREMBLAY', { exact: false }).waitFor();
  await context.close();

  const member = await newContext(suite.browser);
  await signIn(member, suite.server, { email: MEMBER, firstName: 'Marie', lastName: 'Tremblay' });
  const memberPage = await member.newPage();
  await memberPage.goto(`${suite.server.url}/my-registrations`);
  const item = memberPage.getByTestId('my-event-registration').filter({ hasText: TITLE });
  await item.getByTestId('payment-badge').getByText('Payé', { exact: true }).waitFor();
  await memberPage.goto(`${suite.server.url}/checkout?type=event&id=${registrationId}`);
  await memberPage.getByTestId('payment-badge').getByText('Payé', { exact: true }).waitFor();
  assert.equal(await memberPage.getByRole('heading', { name: 'Payer par virement Interac' }).count(), 0);
  await member.close();
});

test('axe finds no violation on the Paiements tab in English', async () => {
  const context = await newContext(suite.browser);
  await signIn(context, suite.server, { email: ADMIN, firstName: 'Chloé', lastName: 'Chef' });
  await context.addInitScript(() => localStorage.setItem('centre.lang', 'en'));
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/admin?tab=payments`);
  await page.getByRole('heading', { name: 'Payments', exact: true }).waitFor();
  await page.getByText('No unpaid registration.').waitFor();
  await page.getByTestId('event-totals').waitFor();
  await expectNoAxeViolations(page, 'Payments tab (en)');
  await context.close();
});
