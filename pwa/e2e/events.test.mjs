// Events end to end with the real server, Chromium and a real SMTP sink on loopback: an admin
// creates an event in the console; a member sees the French messages of the team form, registers
// a team from /events, lands on /checkout with the amount, receives the Interac instructions by
// e-mail and finds the registration in /my-registrations; the admin sees it, marks it paid and
// exports the xlsx; a free event's registration says 'Gratuit', never 'En attente'; an admin
// features an event ('À la une') and the member home's promo card follows; /events searches,
// filters and loads more; a past registration folds away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newContext, signIn, toast, useServerAndBrowser } from './harness.mjs';

const ADMIN = 'chef@example.org';
const MEMBER = 'marie@example.org';
const INTERAC = 'paiements@centre.example';
const TITLE = 'Tournoi 4x4 de la Saint-Jean';

const suite = useServerAndBrowser({ smtp: true, args: ['--admin-emails', ADMIN, '--interac-email', INTERAC] });

/** `YYYY-MM-DDTHH:MM` ten days from now, as a datetime-local input takes it. */
function inTenDays() {
  const day = new Date(Date.now() + 10 * 24 * 3600 * 1000);
  return `${day.toISOString().slice(0, 10)}T09:00`;
}

async function adminPage() {
  const context = await newContext(suite.browser);
  await signIn(context, suite.server, { email: ADMIN, firstName: 'Chloé', lastName: 'Chef' });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/admin?tab=events`);
  await page.getByRole('heading', { name: 'Gestion des événements' }).waitFor();
  return { context, page };
}

async function memberPage() {
  const context = await newContext(suite.browser);
  await signIn(context, suite.server, { email: MEMBER, firstName: 'Marie', lastName: 'Tremblay' });
  return { context, page: await context.newPage() };
}

test('an admin creates an event in the Événements tab', async () => {
  const { context, page } = await adminPage();
  await page.getByText('Aucun événement créé').waitFor();
  await page.getByRole('button', { name: 'Nouvel événement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel événement' });
  // Empty submit: the event form's messages from core, in French.
  await dialog.getByLabel('Lieu').fill('');
  await dialog.getByRole('button', { name: "Créer l'événement" }).click();
  for (const message of ['Le titre est requis', 'La description est requise', 'La date de début est requise', 'Le lieu est requis']) {
    await dialog.getByText(message).waitFor();
  }
  await dialog.getByRole('textbox', { name: 'Titre', exact: true }).fill(TITLE);
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Tournoi amical en équipes de 4 sur nos deux terrains.');
  await dialog.getByLabel('Catégorie').selectOption('volleyball');
  await dialog.getByLabel('Date et heure de début').fill(inTenDays());
  await dialog.getByLabel('Lieu').fill('Centre plein air, La Pêche');
  await dialog.getByLabel('Prix par personne ($ CAD)').fill('25');
  await dialog.getByLabel('Nombre maximum de participants (facultatif)').fill('20');
  await dialog.getByRole('button', { name: "Créer l'événement" }).click();
  await toast(page, 'Événement créé').waitFor();
  await page.getByText('Événements (1)').waitFor();
  const card = page.getByTestId('admin-event').filter({ hasText: TITLE });
  await card.getByText('Actif', { exact: true }).waitFor();
  await card.getByText('25$ CAD').waitFor();
  await card.getByText('Participants : 0/20').waitFor();
  await card.getByText('Paiement par virement Interac').waitFor();
  await context.close();
});

test('a member sees the French messages, registers a team from /events and finds it in /my-registrations', async () => {
  const { context, page } = await memberPage();
  await page.goto(`${suite.server.url}/events`);
  await page.getByRole('heading', { level: 1, name: 'Événements à venir' }).waitFor();
  const card = page.getByTestId('event-card').filter({ hasText: TITLE });
  await card.getByText('VOLLEYBALL').waitFor();
  await card.getByText('20 places restantes').waitFor();
  await card.getByRole('button', { name: "S'inscrire" }).click();

  const dialog = page.getByRole('dialog');
  await dialog.getByText('Au moins une fille par équipe.').waitFor();
  const captain = dialog.getByRole('group', { name: /Capitaine/ });
  assert.equal(await captain.getByRole('textbox', { name: 'Prénom' }).inputValue(), 'Marie', 'the captain is prefilled from the signed-in user');
  assert.equal(await captain.getByRole('textbox', { name: 'Courriel' }).inputValue(), MEMBER);

  // Empty submit: the fixed French messages, from core-wasm.
  await captain.getByRole('textbox', { name: 'Prénom' }).fill('');
  await captain.getByRole('textbox', { name: 'Nom', exact: true }).fill('');
  await captain.getByRole('textbox', { name: 'Courriel' }).fill('');
  await dialog.getByRole('button', { name: "Inscrire l'équipe" }).click();
  for (const message of [
    'Le prénom du responsable est requis',
    'Le nom du responsable est requis',
    'Le prénom du membre 2 est requis',
    'Le nom du membre 2 est requis',
  ]) {
    await dialog.getByText(message, { exact: true }).waitFor();
  }
  assert.equal(await dialog.getByText('Email invalide', { exact: true }).count(), 2);

  await captain.getByRole('textbox', { name: 'Prénom' }).fill('Marie');
  await captain.getByRole('textbox', { name: 'Nom', exact: true }).fill('Tremblay');
  await captain.getByRole('textbox', { name: 'Courriel' }).fill(MEMBER);
  const members = [
    ['Membre 2', 'Alex', 'Roy', 'alex@example.org'],
    ['Membre 3', 'Léa', 'Gagnon', ''],
    ['Membre 4', 'Sam', 'Côté', 'sam@example.org'],
  ];
  for (const [legend, first, last, email] of members) {
    const group = dialog.getByRole('group', { name: new RegExp(legend) });
    await group.getByRole('textbox', { name: 'Prénom' }).fill(first);
    await group.getByRole('textbox', { name: 'Nom', exact: true }).fill(last);
    if (email) await group.getByRole('textbox', { name: 'Courriel' }).fill(email);
  }
  await dialog.getByLabel("Nom de l'équipe").fill('Les Huards');
  await dialog.getByRole('button', { name: "Inscrire l'équipe" }).click();
  await toast(page, 'Inscription réussie').waitFor();
  // Redirected to payment: the amount (25 $ × 4 people) and the reference, from the server.
  await page.waitForURL(/\/checkout\?type=event&id=\d+$/);
  await page.getByTestId('checkout-amount').getByText('100,00 $').waitFor();
  await page.getByText('Les Huards', { exact: true }).waitFor();
  await page.goto(`${suite.server.url}/events`);
  await card.getByText('16 places restantes').waitFor();
  await card.getByText('4/20 participants').waitFor();

  // The registrant receives the Interac instructions with the reference.
  const [mine] = await (await context.request.get(`${suite.server.url}/api/user/event-registrations`)).json();
  const mail = await suite.sink.waitFor((m) => m.to.includes(MEMBER));
  assert.match(mail.text, /Votre inscription à « Tournoi 4x4 de la Saint-Jean » est confirmée/);
  assert.ok(mail.text.includes(mine.paymentReference), 'the e-mail gives the payment reference');
  assert.ok(mail.text.includes(INTERAC), "the e-mail gives the centre's Interac address");
  assert.ok(mail.text.includes('100,00 $'), 'amount = 25 $ × 4 people');

  await page.goto(`${suite.server.url}/my-registrations`);
  const item = page.getByTestId('my-event-registration');
  await item.getByRole('link', { name: TITLE }).waitFor();
  await item.getByText('Équipe : Les Huards').waitFor();
  await item.getByText('Confirmée').waitFor();
  await item.getByText('En attente').waitFor();
  await item.getByText(mine.paymentReference, { exact: false }).waitFor();
  await context.close();
});

test('the admin sees the registration, marks it paid and exports the xlsx', async () => {
  const { context, page } = await adminPage();
  const card = page.getByTestId('admin-event').filter({ hasText: TITLE });
  await card.getByRole('button', { name: 'Inscriptions (1)' }).click();
  const panel = card.getByTestId('registrations-panel');
  await panel.getByText('1 inscription(s) trouvée(s)').waitFor();
  const registration = panel.getByTestId('admin-registration');
  await registration.getByText('Les Huards').waitFor();
  await registration.getByText('Équipe', { exact: true }).waitFor();
  await registration.getByText('En attente').waitFor();
  await registration.getByText('Membre 4').waitFor();

  await registration.getByRole('button', { name: 'Marquer payé : Les Huards' }).click();
  await toast(page, 'Paiement enregistré').waitFor();
  await registration.getByText('Payé', { exact: true }).waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Exporter Excel' }).click()]);
  assert.match(download.suggestedFilename(), /^inscriptions_Tournoi_4x4_de_la_Saint_Jean_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await toast(page, 'Export réussi').waitFor();
  await toast(page, '4 lignes exportées').waitFor();
  await context.close();

  const member = await memberPage();
  await member.page.goto(`${suite.server.url}/my-registrations`);
  await member.page.getByTestId('my-event-registration').getByText('Payé', { exact: true }).waitFor();
  await member.context.close();
});

test('a free event registration says Gratuit, never En attente, to the member and in the console', async () => {
  const FREE = 'Initiation gratuite au volleyball';
  const admin = await adminPage();
  const created = await admin.context.request.post(`${suite.server.url}/api/events`, {
    headers: { Origin: suite.server.url },
    data: {
      title: FREE, titleEn: '', description: 'Ouverte à tous.', descriptionEn: '', categoryId: 'volleyball', location: 'La Pêche',
      startDate: inTenDays(), endDate: null, price: 0, maxParticipants: null, requiresPayment: false,
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const event = await created.json();

  const { context, page } = await memberPage();
  const registered = await context.request.post(`${suite.server.url}/api/events/${event.id}/register`, {
    headers: { Origin: suite.server.url },
    data: { captainFirstName: 'Marie', captainLastName: 'Tremblay', captainEmail: MEMBER, member2FirstName: 'Alex', member2LastName: 'Roy', member2Email: 'alex@example.org' },
  });
  assert.equal(registered.status(), 201, await registered.text());
  // The server keeps its stored state: only the amount says there is nothing to pay.
  assert.deepEqual([(await registered.json()).amountDue], [0]);

  await page.goto(`${suite.server.url}/my-registrations`);
  const item = page.getByTestId('my-event-registration').filter({ hasText: FREE });
  await item.getByRole('link', { name: FREE }).waitFor();
  await item.getByTestId('payment-badge').getByText('Gratuit', { exact: true }).waitFor();
  assert.equal(await item.getByText('En attente').count(), 0);
  await context.close();

  await admin.page.reload();
  await admin.page.getByRole('heading', { name: 'Gestion des événements' }).waitFor();
  const card = admin.page.getByTestId('admin-event').filter({ hasText: FREE });
  await card.getByRole('button', { name: 'Inscriptions (1)' }).click();
  const row = card.getByTestId('registrations-panel').getByTestId('admin-registration');
  await row.getByTestId('payment-badge').first().getByText('Gratuit', { exact: true }).waitFor();
  assert.equal(await row.getByText('En attente').count(), 0);
  await admin.context.close();
});

test("an admin features an event in the edit dialog: the member home's promo shows it, one event at a time", async () => {
  const FREE = 'Initiation gratuite au volleyball';
  const { context, page } = await adminPage();
  /** Opens the edit dialog of `title`, sets 'À la une' and saves. */
  const feature = async (title, on) => {
    await page.getByTestId('admin-event').filter({ hasText: title }).getByRole('button', { name: 'Modifier' }).click();
    const dialog = page.getByRole('dialog', { name: "Modifier l'événement" });
    await dialog.getByText('Mis en avant sur l\'accueil des membres', { exact: false }).waitFor();
    await dialog.getByRole('checkbox', { name: 'À la une' }).setChecked(on);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Événement modifié').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  };
  const badge = (title) => page.getByTestId('admin-event').filter({ hasText: title }).getByTestId('admin-event-featured');
  await feature(TITLE, true);
  await badge(TITLE).getByText('À la une').waitFor();

  const member = await memberPage();
  const events = await (await member.context.request.get(`${suite.server.url}/api/events`)).json();
  const featured = events.find((event) => event.title === TITLE);
  await member.page.goto(suite.server.url);
  const promo = member.page.getByTestId('home-promo');
  await promo.getByRole('heading', { name: TITLE }).waitFor();
  await promo.getByText(/^Le .+ à 09:00$/).waitFor();
  assert.equal(await promo.getByRole('link', { name: "Voir l'événement" }).getAttribute('href'), `/event/${featured.id}`);

  // Marking another one unmarks the first: one event at a time.
  await feature(FREE, true);
  await badge(FREE).waitFor();
  assert.equal(await badge(TITLE).count(), 0);
  await member.page.reload();
  await promo.getByRole('heading', { name: FREE }).waitFor();
  // None featured: no promo card.
  await feature(FREE, false);
  assert.equal(await badge(FREE).count(), 0);
  await member.page.reload();
  await member.page.getByRole('heading', { name: 'Mes inscriptions' }).waitFor();
  assert.equal(await promo.count(), 0);
  await member.context.close();
  await context.close();
});

test('/my-registrations asks a visitor to log in', async () => {
  const context = await newContext(suite.browser);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/my-registrations`);
  await page.getByRole('heading', { name: 'Connexion requise' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Se connecter' }).getAttribute('href'), '/api/login?returnTo=%2Fmy-registrations&lang=fr');
  await context.close();
});

test('a missing event shows Événement introuvable with a way back', async () => {
  const context = await newContext(suite.browser);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/event/999999`);
  await page.getByRole('heading', { name: 'Événement introuvable' }).waitFor();
  await page.getByText("Cet événement n'existe pas ou a été supprimé.").waitFor();
  await page.getByRole('link', { name: 'Retour aux événements' }).click();
  await page.waitForURL(`${suite.server.url}/events`);
  await context.close();
});

test('/events searches, filters by category and loads more; a past registration is folded away', async () => {
  const admin = await newContext(suite.browser);
  await signIn(admin, suite.server, { email: ADMIN });
  const create = async (title, categoryId, description = 'Une journée au centre.') => {
    const response = await admin.request.post(`${suite.server.url}/api/events`, {
      headers: { Origin: suite.server.url },
      data: {
        title, titleEn: '', description, descriptionEn: '', categoryId, location: 'La Pêche',
        startDate: inTenDays(), endDate: null, price: 0, maxParticipants: null, requiresPayment: false,
      },
    });
    assert.equal(response.status(), 201, await response.text());
    return response.json();
  };
  for (let n = 1; n <= 9; n++) await create(`Formation premiers soins ${n}`, 'formation');
  await create('Nuit en camping au lac', 'camping', 'Apportez votre tente et votre lampe frontale.');
  const total = (await (await admin.request.get(`${suite.server.url}/api/events`)).json()).length;
  assert.ok(total >= 11, `${total} upcoming events`);

  const { context, page } = await memberPage();
  await page.goto(`${suite.server.url}/events`);
  const cards = page.getByTestId('event-card');
  await page.getByText(`9 événement(s) sur ${total}`).waitFor();
  assert.equal(await cards.count(), 9, 'one page of 9');
  await page.getByRole('button', { name: "Voir plus d'événements" }).click();
  await page.getByText(`${total} événement(s) sur ${total}`).waitFor();
  assert.equal(await cards.count(), total);
  assert.equal(await page.getByRole('button', { name: "Voir plus d'événements" }).count(), 0);

  // The search reads descriptions too.
  await page.getByRole('searchbox', { name: 'Rechercher un événement' }).fill('lampe frontale');
  await page.getByText('1 événement(s) sur 1').waitFor();
  await cards.getByText('Nuit en camping au lac').waitFor();
  await page.getByRole('searchbox', { name: 'Rechercher un événement' }).fill('');
  const filters = page.getByRole('group', { name: 'Filtrer par catégorie' });
  await filters.getByRole('button', { name: 'Formation' }).click();
  assert.equal(await filters.getByRole('button', { name: 'Formation' }).getAttribute('aria-pressed'), 'true');
  await page.getByText('9 événement(s) sur 9').waitFor();
  await page.getByRole('searchbox', { name: 'Rechercher un événement' }).fill('camping');
  await page.getByText('Aucun événement ne correspond à votre recherche.').waitFor();
  await page.getByRole('button', { name: 'Effacer les filtres' }).click();
  await page.getByText(`9 événement(s) sur ${total}`).waitFor();
  assert.equal(await page.getByRole('searchbox', { name: 'Rechercher un événement' }).inputValue(), '');

  // Registered, then the event moved into the past: it folds under 'Événements passés (1)'.
  const past = await create('Corvée de printemps', 'formation');
  const registered = await context.request.post(`${suite.server.url}/api/events/${past.id}/register`, {
    headers: { Origin: suite.server.url },
    data: { captainFirstName: 'Marie', captainLastName: 'Tremblay', captainEmail: MEMBER, member2FirstName: 'Alex', member2LastName: 'Roy', member2Email: 'alex@example.org' },
  });
  assert.equal(registered.status(), 201, await registered.text());
  const moved = await admin.request.put(`${suite.server.url}/api/events/${past.id}`, {
    headers: { Origin: suite.server.url },
    data: { ...past, startDate: '2025-05-01T09:00', endDate: null, price: 0 },
  });
  assert.equal(moved.status(), 200, await moved.text());
  await admin.close();
  await page.goto(`${suite.server.url}/my-registrations`);
  const folded = page.locator('details', { hasText: 'Événements passés (1)' });
  await folded.waitFor();
  const pastItem = folded.getByTestId('my-event-registration');
  assert.equal(await pastItem.isVisible(), false, 'folded until asked');
  await folded.getByText('Événements passés (1)').click();
  await pastItem.getByRole('link', { name: 'Corvée de printemps' }).waitFor();
  await pastItem.getByText('Terminé').waitFor();
  await context.close();
});
