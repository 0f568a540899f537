// A day camp's attendance on the counsellor's phone, offline, with the real server and Chromium,
// at 360 and 412 px: the counsellor opens /animation once online (the service worker then
// controls it and the day's read is kept), the network goes, two arrivals and a departure are
// tapped, a reload still shows them, and once the network is back the server has exactly those
// (read through the API). A departure by someone not on the list is refused; an admin's override
// lets it through. Axe scans the page. A parent reports an absence from /my-registrations on a
// phone; the counsellor's day shows it, not 'Absent sans avis'.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { apiPost, expectNoAxeViolations, grantAdmin, newContext, readsKept, registerCampChild, signIn, useServerAndBrowser } from './harness.mjs';

const test = (name, fn) => nodeTest(name, { timeout: 180_000 }, fn);
const ADMIN = { email: 'direction@example.org', firstName: 'Dominique', lastName: 'Direction' };
const COUNSELLOR = { email: 'animatrice@example.org', firstName: 'Élodie', lastName: 'Bérubé' };
const PARENT = { email: 'ana@example.org', firstName: 'Ana', lastName: 'Roy' };

const suite = useServerAndBrowser();

/** `day` ('YYYY-MM-DD') at `hour`:00 in Toronto (summer: UTC-4). */
const at = (day, hour) => new Date(`${day}T${String(hour + 4).padStart(2, '0')}:00:00Z`);

let admin;
let counsellorId;
let weeks;

async function setUp() {
  weeks = await (await fetch(`${suite.server.url}/api/day-camp-weeks?programId=explorateurs`)).json();
  admin = await newContext(suite.browser);
  await signIn(admin, suite.server, ADMIN);
  grantAdmin(suite.server, ADMIN.email);
  const probe = await newContext(suite.browser);
  ({ id: counsellorId } = await signIn(probe, suite.server, COUNSELLOR));
  await probe.close();
  assert.equal((await apiPost(admin, suite.server, `/api/admin/camp-staff/${counsellorId}`, {})).status(), 201);
  const given = await admin.request.put(`${suite.server.url}/api/admin/camp-staff/${counsellorId}/weeks`, {
    headers: { Origin: suite.server.url },
    data: { weekIds: [weeks[0].id, weeks[1].id] },
  });
  assert.equal(given.status(), 200, await given.text());
}

async function attendanceAt(width, weekIndex, names) {
  if (!admin) await setUp();
  const week = weeks[weekIndex];
  const parent = await newContext(suite.browser);
  await signIn(parent, suite.server, PARENT);
  // Julie Roy, the aunt, may pick them up.
  const healthForm = { emergencyContacts: [{ name: 'Marc Roy', relation: 'grand-père' }], pickups: [{ name: 'Julie Roy', relation: 'tante', phone: '819-555-0103' }] };
  const lea = await registerCampChild(parent, suite.server, weeks, week, names[0], { healthForm });
  const noe = await registerCampChild(parent, suite.server, weeks, week, names[1], { healthForm });
  await parent.close();
  const day = week.startDate;

  const phone = await newContext(suite.browser, { viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
  await phone.clock.setFixedTime(at(day, 8));
  await signIn(phone, suite.server, COUNSELLOR);
  const page = await phone.newPage();
  await page.goto(`${suite.server.url}/animation`);
  await page.getByLabel('Semaine').selectOption(String(week.id));
  const child = (name) => page.getByTestId('attendance-child').filter({ has: page.getByRole('heading', { name: `${name} Roy` }) });
  await child(names[0]).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByLabel('Semaine').selectOption(String(week.id));
  await child(names[0]).waitFor();
  await readsKept(page, ['api/auth/user', 'api/camp-staff/status', `api/camp-staff/attendance/${week.id}/${day}`]);
  const waiting = page.getByTestId('offline-line');

  // No network: two arrivals, then a departure with the aunt.
  await phone.setOffline(true);
  await child(names[0]).getByRole('button', { name: 'Arrivé(e)' }).tap();
  await child(names[1]).getByRole('button', { name: 'Arrivé(e)' }).tap();
  await waiting.getByText('Hors ligne · 2 présences en attente', { exact: true }).waitFor();
  await phone.clock.setFixedTime(at(day, 16));
  await child(names[0]).getByRole('button', { name: 'Parti(e)' }).tap();
  const dialog = page.getByRole('dialog', { name: `Départ de ${names[0]} Roy` });
  await dialog.getByRole('radio', { name: 'Julie Roy' }).check();
  await dialog.getByRole('button', { name: 'Inscrire le départ' }).tap();
  await waiting.getByText('Hors ligne · 3 présences en attente', { exact: true }).waitFor();
  await child(names[0]).getByText(/Parti\(e\) à 16:00 avec Julie Roy/).waitFor();

  // A reload with no network still has them, waiting.
  await page.reload();
  await page.getByLabel('Semaine').selectOption(String(week.id));
  await child(names[0]).getByText(/Arrivé\(e\) à 0?8:00/).waitFor();
  await child(names[0]).getByText(/Parti\(e\) à 16:00 avec Julie Roy/).waitFor();
  await child(names[1]).getByText(/Arrivé\(e\) à 0?8:00/).waitFor();
  await waiting.getByText('Hors ligne · 3 présences en attente', { exact: true }).waitFor();
  const wide = await page.evaluate(() => globalThis.document.documentElement.scrollWidth > globalThis.innerWidth);
  assert.equal(wide, false, `the page fits ${width} px`);

  // Back online: everything sent once; the server has exactly those.
  await phone.setOffline(false);
  await waiting.getByText(/^Prêt hors ligne · à jour à \d\d:\d\d$/).waitFor({ timeout: 30_000 });
  const read = await (await phone.request.get(`${suite.server.url}/api/camp-staff/weeks/${week.id}/attendance?date=${day}`)).json();
  const byId = Object.fromEntries(read.children.map((c) => [c.registrationId, c]));
  assert.equal(byId[lea].arrivedAt, at(day, 8).toISOString().replace('.000', ''));
  assert.equal(byId[lea].leftAt, at(day, 16).toISOString().replace('.000', ''));
  assert.deepEqual([byId[lea].pickupKind, byId[lea].pickupName], ['authorised', 'Julie Roy']);
  assert.equal(byId[noe].arrivedAt, at(day, 8).toISOString().replace('.000', ''));
  assert.equal(byId[noe].leftAt, null);
  assert.equal(read.children.filter((c) => c.arrivedAt).length, 2, 'two arrivals, nothing doubled');

  // Someone not on the list: refused, with the reason.
  await child(names[1]).getByRole('button', { name: 'Parti(e)' }).tap();
  const other = page.getByRole('dialog', { name: `Départ de ${names[1]} Roy` });
  await other.getByRole('radio', { name: "Quelqu'un d'autre" }).check();
  await other.getByText("il faut l'autorisation d'un administrateur", { exact: false }).waitFor();
  await other.getByLabel('Nom de la personne').fill('Oncle Paul');
  await other.getByRole('button', { name: 'Inscrire le départ' }).tap();
  await child(names[1]).getByRole('alert').getByText(/Refusé : Cette personne n'est pas autorisée/).waitFor();
  await expectNoAxeViolations(page, `/animation at ${width} px`);

  // The admin allows Oncle Paul for the day, on the same page.
  const consolePage = await admin.newPage();
  await consolePage.goto(`${suite.server.url}/animation`);
  await consolePage.getByLabel('Semaine').selectOption(String(week.id));
  const card = consolePage.getByTestId('attendance-child').filter({ has: consolePage.getByRole('heading', { name: `${names[1]} Roy` }) });
  await card.getByRole('button', { name: "Autoriser quelqu'un d'autre" }).click();
  const allow = consolePage.getByRole('dialog', { name: `Autoriser une autre personne pour ${names[1]} Roy` });
  await allow.getByLabel('Nom de la personne').fill('Oncle Paul');
  await allow.getByLabel('Raison').fill('La mère a appelé à 14 h');
  await allow.getByRole('button', { name: 'Autoriser', exact: true }).click();
  await card.getByText('Autorisé(e) par la direction : Oncle Paul (La mère a appelé à 14 h)').waitFor();
  await consolePage.close();

  // Now the departure goes through.
  await page.reload();
  await page.getByLabel('Semaine').selectOption(String(week.id));
  await child(names[1]).getByRole('button', { name: 'Parti(e)' }).tap();
  const again = page.getByRole('dialog', { name: `Départ de ${names[1]} Roy` });
  await again.getByRole('radio', { name: "Oncle Paul (autorisé(e) par la direction aujourd'hui)" }).check();
  await again.getByRole('button', { name: 'Inscrire le départ' }).tap();
  await child(names[1]).getByText(/Parti\(e\) à 16:00 avec Oncle Paul/).waitFor();
  await waiting.getByText(/^Prêt hors ligne · à jour à \d\d:\d\d$/).waitFor({ timeout: 30_000 });
  const after = await (await phone.request.get(`${suite.server.url}/api/camp-staff/weeks/${week.id}/attendance?date=${day}`)).json();
  const noeAfter = after.children.find((c) => c.registrationId === noe);
  assert.deepEqual([noeAfter.pickupKind, noeAfter.pickupName], ['other', 'Oncle Paul']);
  await phone.close();
}

test('at 360 px: arrivals and a departure offline, synced once; a stranger needs an override', async () => {
  await attendanceAt(360, 0, ['Léa', 'Noé']);
});

test('at 412 px: the same in another week', async () => {
  await attendanceAt(412, 1, ['Zoé', 'Éli']);
});

test("a parent reports an absence from /my-registrations and the counsellor's 9:30 flag does not show", async () => {
  if (!admin) await setUp();
  const week = weeks[0];
  const second = new Date(`${week.startDate}T12:00:00Z`);
  second.setUTCDate(second.getUTCDate() + 1);
  const day = second.toISOString().slice(0, 10);
  const [y, m, d] = day.split('-');

  const parent = await newContext(suite.browser, { viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
  await signIn(parent, suite.server, PARENT);
  const healthForm = { emergencyContacts: [{ name: 'Marc Roy', relation: 'grand-père' }] };
  await registerCampChild(parent, suite.server, weeks, week, 'Maëlle', { healthForm });
  const mine = await parent.newPage();
  await mine.goto(`${suite.server.url}/my-registrations`);
  const card = mine.getByTestId('my-day-camp').filter({ hasText: 'Maëlle Roy' });
  await card.getByRole('button', { name: 'Signaler une absence' }).tap();
  const dialog = mine.getByRole('dialog', { name: 'Absence de Maëlle Roy' });
  await dialog.getByLabel("Jour d'absence").fill(`${d}/${m}/${y}`);
  await expectNoAxeViolations(mine, 'the absence dialog');
  await dialog.getByRole('button', { name: "Signaler l'absence" }).tap();
  await mine.getByText(/^Absence signalée pour le /).waitFor();
  await parent.close();

  // The counsellor's phone at 9:31 that day: the notice, no flag.
  const phone = await newContext(suite.browser, { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
  await phone.clock.setFixedTime(new Date(`${day}T13:31:00Z`));
  await signIn(phone, suite.server, COUNSELLOR);
  const page = await phone.newPage();
  await page.goto(`${suite.server.url}/animation`);
  await page.getByLabel('Semaine').selectOption(String(week.id));
  const child = page.getByTestId('attendance-child').filter({ has: page.getByRole('heading', { name: 'Maëlle Roy' }) });
  await child.getByText('Absence motivée : le parent a prévenu.').waitFor();
  assert.equal(await child.getByText('Absent sans avis').count(), 0);
  await phone.close();
  await admin.close();
});
