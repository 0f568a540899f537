// Camp staff end to end with the real server and Chromium: an admin gives a member the
// 'Animateur' role and one week in the console; the counsellor, on a phone, reaches /animation
// from the navigation, sees the week's child with her flags (no health details), opens her record
// (the details, said to be logged), and cannot reach another week's child; the admin's log shows
// who opened which record, and its Camps de jour tab reads the same fiche santé. Axe scans the
// page, the record and the tab.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { expectNoAxeViolations, grantAdmin, newContext, registerCampChild, signIn, toast, useServerAndBrowser } from './harness.mjs';

const test = (name, fn) => nodeTest(name, { timeout: 120_000 }, fn);
const ADMIN = { email: 'direction@example.org', firstName: 'Dominique', lastName: 'Direction' };
const COUNSELLOR = { email: 'animatrice@example.org', firstName: 'Élodie', lastName: 'Bérubé-Tremblay' };
const PARENT = { email: 'ana@example.org', firstName: 'Ana', lastName: 'Roy' };

const suite = useServerAndBrowser();

test('an admin gives a counsellor a week; the counsellor opens a child of it, logged, and no other', async () => {
  const weeks = await (await fetch(`${suite.server.url}/api/day-camp-weeks?programId=explorateurs`)).json();
  const parent = await newContext(suite.browser);
  await signIn(parent, suite.server, PARENT);
  await registerCampChild(parent, suite.server, weeks, weeks[0], 'Léa', {
    medicalConditions: 'Allergie aux arachides (EpiPen dans le sac)',
    canSwim: false,
    healthForm: {
      allergies: [{ what: 'Arachides', severity: 'severe', epinephrine: true }],
      emergencyContacts: [{ name: 'Marc Roy', relation: 'grand-père' }],
      pickups: [{ name: 'Julie Roy', relation: 'tante', phone: '819-555-0103' }],
    },
  });
  const other = await registerCampChild(parent, suite.server, weeks, weeks[1], 'Noé', { medicalConditions: '' });
  await parent.close();

  const counsellor = await newContext(suite.browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const { id: counsellorId } = await signIn(counsellor, suite.server, COUNSELLOR);
  const admin = await newContext(suite.browser);
  await signIn(admin, suite.server, ADMIN);
  grantAdmin(suite.server, ADMIN.email);

  // The console's Animateurs tab: the role by the member's id, then week 1 ticked and saved.
  const console1 = await admin.newPage();
  await console1.goto(`${suite.server.url}/admin?tab=campStaff`);
  const panel = console1.getByRole('tabpanel');
  await panel.getByRole('heading', { name: 'Animateurs', exact: true }).waitFor();
  await panel.getByLabel("ID de l'utilisateur").fill(counsellorId);
  await panel.getByRole('button', { name: 'Ajouter Animateur' }).click();
  await toast(console1, 'Animateur ajouté').waitFor();
  const row = panel.getByTestId('grant-row').filter({ hasText: COUNSELLOR.email });
  const weeks1 = row.getByRole('group', { name: `Semaines confiées à ${COUNSELLOR.firstName} ${COUNSELLOR.lastName}` });
  await weeks1.getByRole('checkbox').first().check();
  await row.getByRole('button', { name: 'Enregistrer les semaines' }).click();
  await toast(console1, 'Semaines enregistrées').waitFor();
  await expectNoAxeViolations(console1, 'the Animateurs tab');

  // The counsellor's phone: the navigation leads to the week's children.
  const page = await counsellor.newPage();
  await page.goto(suite.server.url);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
  await page.getByRole('link', { name: 'Animation', exact: true }).tap();
  await page.waitForURL(/\/animation$/);
  await page.getByRole('heading', { level: 1, name: 'Animation' }).waitFor();
  assert.equal(await page.title(), 'Animation — Centre plein air de La Pêche');
  const card = page.getByTestId('camp-child');
  await card.getByRole('heading', { name: 'Léa Roy' }).waitFor();
  assert.equal(await card.count(), 1, 'only the week given');
  const flags = await card.getByRole('list', { name: 'À savoir' }).innerText();
  assert.match(flags, /Notes de santé/);
  assert.match(flags, /Ne sait pas nager/);
  // From the structured health form: the allergy's severity, the auto-injector, and every adult
  // who may pick Léa up (the parent, then the form's).
  assert.match(flags, /Allergie grave/);
  assert.match(flags, /Épinéphrine \(EpiPen\)/);
  await card.getByText('Peut venir le chercher : Ana Roy, Julie Roy (tante)').waitFor();
  assert.doesNotMatch(await card.innerText(), /arachides/, 'no health detail in the list');
  const wide = await page.evaluate(() => globalThis.document.documentElement.scrollWidth > globalThis.innerWidth);
  assert.equal(wide, false, 'the page fits the phone');
  await expectNoAxeViolations(page, '/animation');

  // The record: its details, said to be logged.
  await card.getByRole('button', { name: 'Ouvrir la fiche' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Fiche de Léa Roy' });
  await dialog.getByText('Allergie aux arachides (EpiPen dans le sac)').waitFor();
  // The whole health form.
  const record = dialog.getByTestId('child-record');
  await record.getByText("Arachides — Grave — auto-injecteur d'épinéphrine").waitFor();
  await record.getByText(/^Marc Roy \(grand-père\) 819-555-0199$/).waitFor();
  await record.getByText(/^Julie Roy \(tante\) 819-555-0103$/).waitFor();
  await dialog.getByText('Cette consultation est consignée au journal des accès.').waitFor();
  await expectNoAxeViolations(page, 'the child record');
  await dialog.getByRole('button', { name: 'Fermer la fiche' }).tap();

  // Another week's child: refused by the server, whatever the page shows.
  const refused = await counsellor.request.get(`${suite.server.url}/api/camp-staff/children/${other}`);
  assert.equal(refused.status(), 403);

  // The admin's log: one opening, by the counsellor, of Léa.
  await console1.reload();
  const log = console1.getByTestId('record-views');
  await log.getByText('Léa Roy').waitFor();
  assert.equal(await log.locator('tbody tr').count(), 1);
  await log.getByText(COUNSELLOR.email).waitFor();

  // The console's week reads the same fiche santé: the allergy with its severity, the
  // emergency contact and the other adult who may pick Léa up.
  await console1.goto(`${suite.server.url}/admin?tab=dayCamps`);
  const lea = console1.getByTestId('admin-day-camp-child').filter({ hasText: 'Léa Roy' });
  await lea.getByText("Arachides — Grave — auto-injecteur d'épinéphrine").waitFor();
  await lea.getByText(/^Marc Roy \(grand-père\) 819-555-0199$/).waitFor();
  await lea.getByText(/^Julie Roy \(tante\) 819-555-0103$/).waitFor();
  await expectNoAxeViolations(console1, 'the Camps de jour tab');
  await counsellor.close();
  await admin.close();
});
