// Day camps end to end with the real server, Chromium and a real SMTP sink on loopback: the page
// shows the programs from the API and the French field messages; a parent registers a child for
// two weeks, lands on /checkout with the right amount and reference, receives the Interac
// instructions by e-mail and finds the registration in /my-registrations; a full week shows
// 'Complet'; an admin sees the child in the week's list, marks it paid and exports the week;
// two RL-24 payers are given at 360 px and the number is only ever shown masked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { newContext, signIn, toast, useServerAndBrowser } from './harness.mjs';

const ADMIN = 'chef@example.org';
const PARENT = 'ana@example.org';
const INTERAC = 'paiements@centre.example';

let weeks;

const suite = useServerAndBrowser({
  smtp: true,
  args: ['--admin-emails', ADMIN, '--interac-email', INTERAC],
  setUp: async ({ server }) => {
    weeks = await (await fetch(`${server.url}/api/day-camp-weeks?programId=explorateurs`)).json();
  },
});

/** '2019-05-20' as a French date field takes it: '20/05/2019'. */
const frenchDay = (iso) => iso.split('-').reverse().join('/');

/** A birth date giving `age` on the first camp Monday, and all summer. */
function bornAged(age) {
  const [y, m, d] = weeks[0].startDate.split('-').map(Number);
  const date = new Date(Date.UTC(y - age, m - 1, d) - 40 * 24 * 3600 * 1000);
  return date.toISOString().slice(0, 10);
}

/** axe finds nothing to fault on the page. */
async function axeClean(page, label) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(summary, [], `axe violations on ${label}`);
}

async function parentPage() {
  const context = await newContext(suite.browser);
  await signIn(context, suite.server, { email: PARENT, firstName: 'Ana', lastName: 'Roy' });
  return { context, page: await context.newPage() };
}

/** The checkbox of week n (1-based) in the form. */
const weekBox = (page, n) => page.getByRole('checkbox', { name: new RegExp(`^Semaine ${n} :`) });

/** The health form's first emergency contact, required. */
async function fillContact(page) {
  await page.getByLabel('Nom du contact 1').fill('Marc Roy');
  await page.getByLabel("Lien avec l'enfant (contact 1)").fill('grand-père');
  await page.getByLabel('Téléphone du contact 1').fill('819-555-0199');
}

/** The consent to the health form. */
const consentBox = (page) => page.getByRole('checkbox', { name: /^Je consens à ce que le centre utilise la fiche santé/ });

/** The form's required fields for Léa Roy, aged `age` on the first day, in week 1, the consent
 * given unless `consent` is false; then submit. */
async function submitLeaRoy(page, age, consent = true) {
  await weekBox(page, 1).check();
  await page.getByRole('textbox', { name: "Prénom de l'enfant", exact: true }).fill('Léa');
  await page.getByRole('textbox', { name: "Nom de l'enfant", exact: true }).fill('Roy');
  await page.getByLabel(/^Date de naissance/).fill(bornAged(age));
  await page.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('819-555-0101');
  await fillContact(page);
  if (consent) await consentBox(page).check();
  await page.getByRole('button', { name: 'Inscrire mon enfant' }).click();
}

test('the page shows the programs from the API and the French messages on an empty submit', async () => {
  const { context, page } = await parentPage();
  await page.goto(`${suite.server.url}/day-camps`);
  await page.getByRole('heading', { level: 1, name: 'Camps de jour' }).waitFor();
  const explorers = page.getByTestId('program-explorateurs');
  await explorers.getByRole('heading', { name: 'Explorateurs' }).waitFor();
  await explorers.getByText('6 à 8 ans').waitFor();
  await explorers.getByText('120,00 $').waitFor();
  await page.getByTestId('program-aventuriers').getByText('9 à 12 ans').waitFor();
  await page.getByTestId('program-leaders').getByText('160,00 $').waitFor();

  // The card's button chooses the program and brings the form into view.
  await explorers.getByRole('button', { name: "S'inscrire au programme Explorateurs" }).click();
  assert.equal(await page.getByRole('combobox', { name: /^Programme/ }).inputValue(), 'explorateurs');
  await page.getByRole('heading', { name: 'Inscription' }).waitFor();
  assert.equal(await page.evaluate(() => globalThis.document.activeElement?.id), 'form-title');
  await weekBox(page, 1).waitFor();
  await page.getByText('20 places restantes').first().waitFor();
  assert.equal(await page.getByRole('textbox', { name: 'Nom du parent' }).inputValue(), 'Ana Roy', 'prefilled from the account');

  await page.getByRole('button', { name: 'Inscrire mon enfant' }).click();
  for (const message of [
    'Veuillez choisir une semaine',
    "Le prénom de l'enfant est requis",
    "Le nom de l'enfant est requis",
    "La date de naissance de l'enfant est requise",
    'Le numéro de téléphone est requis',
    'Le nom est requis',
    "Le lien avec l'enfant est requis",
    "Cochez la case pour consentir à l'usage de la fiche santé : sans ce consentement, l'inscription est impossible.",
  ]) {
    // The parent's phone and the first contact's both say 'Le numéro de téléphone est requis'.
    await page.getByRole('alert').filter({ hasText: message }).first().waitFor();
  }
  await page.getByTestId('emergencyContacts-0').getByRole('alert').filter({ hasText: 'Le numéro de téléphone est requis' }).waitFor();
  // The age rule from core-wasm, before anything is sent.
  await submitLeaRoy(page, 4);
  await page.getByRole('alert').filter({ hasText: /^À 4 ans le premier jour de la semaine du .*, l'enfant n'a pas l'âge du programme Explorateurs \(6 à 8 ans\)\.$/ }).waitFor();
  await context.close();
});

test('without the consent the form says why, in French and in English, and nothing is sent', async () => {
  const { context, page } = await parentPage();
  await page.setViewportSize({ width: 360, height: 780 });
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/day-camp-registrations')) posted += 1;
  });
  await page.goto(`${suite.server.url}/day-camps`);
  await page.getByTestId('program-explorateurs').getByRole('button', { name: /S'inscrire/ }).click();
  await submitLeaRoy(page, 7, false);
  const french = "Cochez la case pour consentir à l'usage de la fiche santé : sans ce consentement, l'inscription est impossible.";
  await page.getByRole('alert').filter({ hasText: french }).waitFor();
  assert.equal(await page.evaluate(() => globalThis.document.activeElement?.getAttribute('name')), 'healthConsent', 'focus on the box');
  // In English (the header's switch, on a wider window), the same rule in English.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await page.getByRole('button', { name: 'Register my child' }).click();
  await page.getByRole('alert').filter({ hasText: 'Tick the box to consent to the use of the health form: without this consent, registration is not possible.' }).waitFor();
  assert.equal(posted, 0, 'refused before anything is sent');
  await context.close();
});

test('a parent registers a child for two weeks, pays by Interac from /checkout and finds it in /my-registrations', async () => {
  const { context, page } = await parentPage();
  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${suite.server.url}/day-camps`);
  await page.getByTestId('program-explorateurs').getByRole('button', { name: /S'inscrire/ }).click();
  await weekBox(page, 1).check();
  await weekBox(page, 2).check();
  await page.getByRole('textbox', { name: "Prénom de l'enfant", exact: true }).fill('Léa');
  await page.getByRole('textbox', { name: "Nom de l'enfant", exact: true }).fill('Roy');
  // Typed the French way, whatever the browser's locale: day, month, year.
  const birth = page.getByLabel(/^Date de naissance/);
  assert.equal(await birth.getAttribute('placeholder'), 'jj/mm/aaaa');
  await birth.fill(frenchDay(bornAged(7)));
  await page.getByLabel('Genre (facultatif)').selectOption('girl');
  await page.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('819-555-0101');
  // The health form: a severe allergy with an auto-injector, a second allergy row, swimming,
  // the first emergency contact, and an adult besides the parent who may pick Léa up.
  await page.getByLabel('Allergie 1', { exact: true }).fill('Arachides');
  await page.getByLabel("Gravité de l'allergie 1").selectOption('severe');
  await page.getByTestId('allergies-0').getByRole('checkbox', { name: "Auto-injecteur d'épinéphrine (EpiPen)" }).check();
  await page.getByRole('button', { name: 'Ajouter une allergie' }).click();
  await page.getByLabel('Allergie 2', { exact: true }).fill('Pollen');
  await page.getByLabel("Gravité de l'allergie 2").selectOption('mild');
  await page.getByLabel('Conditions médicales (facultatif)').fill('Asthme léger');
  await page.getByLabel("L'enfant sait nager").check();
  await fillContact(page);
  await page.getByLabel("Nom de l'adulte 1").fill('Julie Roy');
  await page.getByLabel("Lien avec l'enfant (adulte 1)").fill('tante');
  await page.getByLabel("Téléphone de l'adulte 1").fill('819-555-0103');
  // Photos: a separate permission, off unless ticked; leaving alone is off too.
  assert.equal(await page.getByRole('checkbox', { name: /^J'autorise le camp à photographier/ }).isChecked(), false);
  assert.equal(await page.getByRole('checkbox', { name: "L'enfant peut quitter le camp seul" }).isChecked(), false);
  // The consent's purpose beside it, and the text's version.
  const consent = page.getByTestId('health-consent');
  await consent.getByText(/dans un seul but : sa sécurité au camp/).waitFor();
  await consent.getByText('Version du texte : sante-2026-1').waitFor();
  await axeClean(page, 'the day-camp form, filled, on a phone');
  await consentBox(page).check();
  // Nothing overflows the phone's width.
  assert.ok(await page.evaluate(() => globalThis.document.documentElement.scrollWidth <= 390), 'fits 390 px');
  await page.getByTestId('daycamp-total').getByText('Total : 240,00 $ (2 semaines)').waitFor();
  await page.getByRole('button', { name: 'Inscrire mon enfant' }).click();

  await toast(page, 'Inscription réussie !').waitFor();
  await page.waitForURL(/\/checkout\?type=daycamp&id=\d+&amount=240$/);
  await page.getByRole('heading', { name: 'Le paiement en ligne arrive bientôt' }).waitFor();
  // The toast is read on the payment page: it says how to pay there, not that a redirect is coming.
  const said = await page.locator('.toast-root').innerText();
  assert.match(said, /Voici comment payer votre inscription\./);
  assert.doesNotMatch(said, /redirigé/);
  await page.getByTestId('checkout-amount').getByText('240,00 $').waitFor();
  const reference = (await page.getByTestId('checkout-reference').innerText()).trim();
  assert.match(reference, /^CJ-[A-Z2-9]{6}$/);
  await page.getByText(`Envoyez un virement Interac à ${INTERAC}.`).waitFor();
  await page.getByText(`Inscrivez la référence ${reference} dans le message du virement.`).waitFor();
  await page.getByText('Camp de jour de Léa Roy, programme Explorateurs').waitFor();
  await page.getByRole('main').getByText('20, chemin du Lac-Mulvihill, La Pêche (Québec) J0X 2W0').waitFor();
  assert.match(await page.getByRole('link', { name: 'Nous écrire par courriel' }).getAttribute('href'), /^mailto:info@/);

  // The e-mail, in French as the interface, with the amount, the Interac address and the reference.
  const mail = await suite.sink.waitFor((m) => m.to.includes(PARENT));
  assert.ok(mail.text.includes(`inscription de Léa Roy`), mail.text);
  assert.ok(mail.text.includes('Montant : 240,00 $ (2 semaines à 120,00 $)'));
  assert.ok(mail.text.includes(INTERAC));
  assert.ok(mail.text.includes(reference));
  assert.ok(!/arachides/i.test(mail.text), 'medical data stays out of e-mail');

  await page.goto(`${suite.server.url}/my-registrations`);
  const item = page.getByTestId('my-day-camp');
  await item.getByText('Léa Roy').waitFor();
  await item.getByText('Explorateurs').waitFor();
  await item.getByText(/^Semaine 1 :/).waitFor();
  await item.getByText(/^Semaine 2 :/).waitFor();
  await item.getByText('Montant : 240,00 $').waitFor();
  await item.getByText('En attente').waitFor();

  // The health form from /my-registrations: as sent, changed before the week, then the consent
  // withdrawn after a confirmation that says what it means.
  await item.getByRole('button', { name: 'Fiche santé et consentement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fiche santé de Léa Roy' });
  await dialog.getByText(/^Consentement donné le .* \(texte sante-2026-1\)\.$/).waitFor();
  assert.equal(await dialog.getByLabel('Allergie 1', { exact: true }).inputValue(), 'Arachides');
  assert.equal(await dialog.getByLabel("Nom de l'adulte 1").inputValue(), 'Julie Roy');
  await dialog.getByLabel('Médicaments (facultatif)').fill('Ventolin au besoin');
  // An error lands next to its own input: core names it as the request does
  // (healthForm.allergies.0.severity), and so does the form.
  await dialog.getByLabel("Gravité de l'allergie 1").selectOption('');
  await dialog.getByRole('button', { name: 'Enregistrer la fiche santé' }).click();
  await dialog.getByTestId('allergies-0').getByRole('alert').filter({ hasText: "Choisissez la gravité de l'allergie" }).waitFor();
  await dialog.getByLabel("Gravité de l'allergie 1").selectOption('severe');
  // Each change consents again: checked by core-wasm before anything is sent.
  await dialog.getByRole('button', { name: 'Enregistrer la fiche santé' }).click();
  await dialog.getByRole('alert').filter({ hasText: /^Cochez la case pour consentir à l'usage de la fiche santé/ }).waitFor();
  await dialog.getByRole('checkbox', { name: /^Je consens à ce que le centre utilise/ }).check();
  await dialog.getByRole('button', { name: 'Enregistrer la fiche santé' }).click();
  await toast(page, 'Fiche santé enregistrée').waitFor();
  await item.getByRole('button', { name: 'Fiche santé et consentement' }).click();
  assert.equal(await dialog.getByLabel('Médicaments (facultatif)').inputValue(), 'Ventolin au besoin');
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await dialog.getByRole('button', { name: 'Retirer mon consentement' }).click();
  await toast(page, 'Consentement retiré : la fiche santé est effacée').waitFor();
  assert.match(asked, /sera effacée\. Sans fiche santé, votre enfant ne peut pas participer au camp/);
  await dialog.getByText(/^Consentement retiré le /).waitFor();
  assert.equal(await dialog.getByLabel('Allergie 1', { exact: true }).inputValue(), '', 'erased');
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await item.getByText(new RegExp(reference)).waitFor();
  // The day typed dd/MM/yyyy reached the server as that day.
  const saved = await (await context.request.get(`${suite.server.url}/api/user/day-camp-registrations`)).json();
  assert.deepEqual([...new Set(saved.filter((r) => r.childFirstName === 'Léa').map((r) => r.childBirthDate))], [bornAged(7)]);

  // The member home counts it.
  await page.goto(suite.server.url);
  await page.locator('[data-testid="stats-registrations"][aria-busy="false"]').waitFor();
  assert.equal(await page.getByTestId('stats-registrations').innerText(), '1');
  await context.close();
});

test("a full week shows 'Complet' and cannot be chosen", async () => {
  const { context, page } = await parentPage();
  const last = weeks[5];
  for (let i = 0; i < 20; i++) {
    const response = await context.request.post(`${suite.server.url}/api/day-camp-registrations`, {
      headers: { Origin: suite.server.url },
      data: {
        programId: 'explorateurs', weekId: String(last.id), childFirstName: `Enfant${i}`, childLastName: 'Plein',
        childBirthDate: bornAged(7), parentName: 'Ana Roy', parentEmail: PARENT, parentPhone: '819-555-0101',
        healthForm: { emergencyContacts: [{ name: 'Marc Roy', relation: 'grand-père', phone: '819-555-0199' }] }, healthConsent: true, healthConsentVersion: 'sante-2026-1',
      },
    });
    assert.equal(response.status(), 201);
  }
  await page.goto(`${suite.server.url}/day-camps`);
  await page.getByTestId('program-explorateurs').getByRole('button', { name: /S'inscrire/ }).click();
  const full = weekBox(page, 6);
  await full.waitFor();
  assert.equal(await full.isDisabled(), true);
  await page.getByText('Complet', { exact: true }).waitFor();
  await context.close();
});

test('an admin sees the child in the week, marks the registration paid and exports the week', async () => {
  const context = await newContext(suite.browser);
  await signIn(context, suite.server, { email: ADMIN, firstName: 'Chloé', lastName: 'Chef' });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/admin?tab=dayCamps`);
  await page.getByRole('tab', { name: 'Camps de jour', selected: true }).waitFor();
  await page.getByTestId(`places-${weeks[0].id}-explorateurs`).getByText('1 / 20').waitFor();
  await page.getByTestId(`places-${weeks[5].id}-explorateurs`).getByText('20 / 20').waitFor();

  const child = page.getByTestId('admin-day-camp-child').filter({ hasText: 'Léa Roy' });
  await child.getByText('7 ans le premier jour', { exact: false }).waitFor();
  await child.getByText('En attente').waitFor();
  // The parent withdrew the consent: the health data left the admin's list too.
  assert.equal(await child.getByText('Asthme léger').count(), 0);
  assert.equal(await child.getByText('819-555-0199').count(), 0);
  await child.getByRole('button', { name: 'Marquer payé : Léa Roy' }).click();
  await toast(page, 'Paiement enregistré').waitFor();
  await child.getByText('Payé', { exact: true }).waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter Excel' }).click()]);
  assert.equal(download.suggestedFilename(), `camp_de_jour_${weeks[0].startDate}_au_${weeks[0].endDate}.xlsx`);
  await toast(page, 'Export réussi').waitFor();
  await toast(page, '1 enfant exporté.').waitFor();
  // The RL-24 section: Léa's payment (marked paid, no transfer: counted on her first week) is in
  // that year's statements, a page to print that says it is not an official slip.
  const year = weeks[0].startDate.slice(0, 4);
  const rl24 = page.getByRole('region', { name: 'Relevé 24 (frais de garde)' });
  await rl24.getByLabel('Année').selectOption(year);
  const link = rl24.getByRole('link', { name: 'Ouvrir les relevés à imprimer (NAS complet)' });
  assert.equal(await link.getAttribute('href'), `/api/admin/rl24/${year}/statements?lang=fr`);
  const statements = await context.newPage();
  await statements.goto(`${suite.server.url}/api/admin/rl24/${year}/statements?lang=fr`);
  await statements.getByText(/Ce document n'est pas un relevé officiel/).waitFor();
  await statements.getByRole('cell', { name: 'Léa Roy' }).waitFor();
  await statements.close();
  await context.close();

  const parent = await parentPage();
  await parent.page.goto(`${suite.server.url}/my-registrations`);
  await parent.page.getByTestId('my-day-camp').filter({ hasText: 'Léa Roy' }).getByText('Payé', { exact: true }).waitFor();
  await parent.context.close();
});

test('a visitor is asked to log in on /checkout and cannot see a registration', async () => {
  const context = await newContext(suite.browser);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/checkout?type=daycamp&id=1&amount=240`);
  await page.getByRole('heading', { name: 'Connexion requise' }).waitFor();
  assert.match(await page.getByRole('link', { name: 'Se connecter' }).getAttribute('href'), /^\/api\/login\?returnTo=%2Fcheckout/);
  assert.equal(await page.getByTestId('checkout-amount').count(), 0);
  await context.close();
});

test('the same child twice in a week gets the error toast; /checkout corrects a changed amount and hides the registrations of others', async () => {
  const { context, page } = await parentPage();
  // Léa Roy is already in week 1 of the explorateurs: the server's message, in the toast.
  await page.goto(`${suite.server.url}/day-camps`);
  await page.getByTestId('program-explorateurs').getByRole('button', { name: /S'inscrire/ }).click();
  await submitLeaRoy(page, 7);
  await toast(page, "Erreur d'inscription").waitFor();
  await page.locator('.toast-root').getByText(/^Léa Roy est déjà inscrit\(e\) à la semaine du /).waitFor();
  assert.equal(new URL(page.url()).pathname, '/day-camps', 'stays on the form');

  // A link with another amount: the registration's own amount is shown, and said to be so.
  const mine = await (await context.request.get(`${suite.server.url}/api/user/day-camp-registrations`)).json();
  const lea = mine.find((r) => r.childFirstName === 'Léa');
  assert.equal(mine.filter((r) => r.childFirstName === 'Léa').length, 1, 'not registered twice');
  await page.goto(`${suite.server.url}/checkout?type=daycamp&id=${lea.id}&amount=1`);
  await page.getByTestId('checkout-amount').getByText('240,00 $').waitFor();
  await page.getByText('Le montant affiché est celui de votre inscription enregistrée.').waitFor();
  await context.close();

  // Another member, same link: not theirs, so nothing of it is shown.
  const other = await newContext(suite.browser);
  await signIn(other, suite.server, { email: 'paul@example.org', firstName: 'Paul', lastName: 'Roy' });
  const otherPage = await other.newPage();
  await otherPage.goto(`${suite.server.url}/checkout?type=daycamp&id=${lea.id}&amount=240`);
  await otherPage.getByRole('heading', { name: 'Inscription introuvable' }).waitFor();
  await otherPage.getByText("Cette inscription n'existe pas ou n'est pas la vôtre.").waitFor();
  assert.equal(await otherPage.getByTestId('checkout-amount').count(), 0);
  assert.equal(await otherPage.getByText('Léa').count(), 0);
  await other.close();
});

test('two payers share the fees 50/50 at 360 px: the SIN is refused until valid, then shown masked only', async () => {
  const { context, page } = await parentPage();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`${suite.server.url}/day-camps`);
  await page.getByTestId('program-explorateurs').getByRole('button', { name: /S'inscrire/ }).click();
  await weekBox(page, 2).check();
  await page.getByRole('textbox', { name: "Prénom de l'enfant", exact: true }).fill('Noé');
  await page.getByRole('textbox', { name: "Nom de l'enfant", exact: true }).fill('Roy');
  await page.getByLabel(/^Date de naissance/).fill(frenchDay(bornAged(7)));
  await page.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('819-555-0101');
  await fillContact(page);
  await consentBox(page).check();
  const payer = async (n, name, postal, sin) => {
    await page.getByLabel(`Nom du payeur ${n}`).fill(name);
    await page.getByLabel(`Adresse (payeur ${n})`).fill('12 chemin de la Rivière');
    await page.getByLabel(`Ville (payeur ${n})`).fill('La Pêche');
    await page.getByLabel(`Code postal (payeur ${n})`).fill(postal);
    await page.getByLabel(`Numéro d'assurance sociale (payeur ${n}, facultatif)`).fill(sin);
  };
  await payer(1, 'Ana Roy', 'J0X 2W0', '046 454 287');
  await page.getByRole('checkbox', { name: 'Ajouter un deuxième payeur (partage 50/50)' }).check();
  await payer(2, 'Marc Roy', 'J0X 2W', '');
  // The purpose of the number and the consent are stated beside it.
  await page.getByText(/Pour le relevé 24 seulement/).first().waitFor();
  await page.getByText(/vous consentez à ce que le centre le conserve chiffré/).waitFor();
  const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
  assert.ok(overflow <= 0, `the form fits 360 px (${overflow} px too wide)`);
  await axeClean(page, 'the day-camp form with two payers');

  // The server's checks land under each field; nothing is registered.
  await page.getByRole('button', { name: 'Inscrire mon enfant' }).click();
  await page.getByTestId('payer-0').getByRole('alert').filter({ hasText: "Numéro d'assurance sociale invalide" }).waitFor();
  await page.getByTestId('payer-1').getByRole('alert').filter({ hasText: 'Code postal invalide (format A1A 1A1)' }).waitFor();
  await page.getByLabel("Numéro d'assurance sociale (payeur 1, facultatif)").fill('046 454 286');
  await page.getByLabel('Code postal (payeur 2)').fill('j0x2w0');
  await page.getByRole('button', { name: 'Inscrire mon enfant' }).click();
  await page.waitForURL(/\/checkout\?type=daycamp/);

  // From /my-registrations: the payers as kept, the number masked only.
  await page.goto(`${suite.server.url}/my-registrations`);
  const card = page.getByTestId('my-day-camp').filter({ hasText: 'Noé Roy' });
  await card.getByRole('button', { name: 'Payeurs (relevé 24)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('stored-sin').filter({ hasText: 'NAS enregistré pour Ana Roy : *** *** 286' }).waitFor();
  assert.equal(await dialog.getByLabel('Code postal (payeur 2)').inputValue(), 'J0X 2W0');
  assert.ok(!(await page.content()).includes('454'), 'the number is never in the page');
  await axeClean(page, 'the payers dialog');
  await context.close();
});
