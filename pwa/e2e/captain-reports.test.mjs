// Captains report their own results, end to end with the real server and Chromium. In a
// tournament the teams score, nobody at the courts holds the console: the captain of each team
// enters the result on their own phone, the other team's captain confirms it, and only then does
// the match count. Phones at the lake lose their signal, so a confirmation made without network
// must wait on the phone, say so plainly, reach the server once the network is back, and leave
// nothing half-done on the server meanwhile. Two phone widths (360 and 430 px) check the captain's
// section fits the narrowest common screens; axe checks it can be read and used by everyone.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { apiPost, eventWithTeams, expectNoAxeViolations, loadSettled, newContext, signIn, toast, useServerAndBrowser } from './harness.mjs';

/** A hung browser call fails its test instead of stalling the whole suite. */
const test = (name, fn) => nodeTest(name, { timeout: 180_000 }, fn);

const ADMIN = { email: 'chef@example.org', firstName: 'Chloé', lastName: 'Chef' };
const TITLE = 'Tournoi des capitaines';
const TEAMS = ['Les Huards', 'Les Castors', 'Les Loups', 'Les Ours'];
const PREFIX = 'capitaine';
const REPORT_PATH = '/api/user/sync/reports';
const NARROW = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };
const WIDE = { viewport: { width: 430, height: 932 }, isMobile: true, hasTouch: true };

const suite = useServerAndBrowser({ args: ['--admin-emails', ADMIN.email] });

/** What the tests share, in their order: the event, the match the captains report, and B's phone. */
let eventId;
let match;
let captainB;

/** The member who registered team `name` (its captain), as eventWithTeams signed them in. */
function captainOf(name) {
  const n = TEAMS.indexOf(name);
  assert.ok(n >= 0, `a team of the event: ${name}`);
  return { email: `${PREFIX}${n}@example.org`, firstName: `Capitaine${n}`, lastName: 'Roy' };
}

async function signedIn(who, options = {}) {
  const context = await newContext(suite.browser, options);
  await signIn(context, suite.server, who);
  return context;
}

/** The match as the server has it now (GET /api/events/{id}/tournament, read by the admin). */
async function serverMatch() {
  const admin = await signedIn(ADMIN);
  try {
    const response = await admin.request.get(`${suite.server.url}/api/events/${eventId}/tournament`);
    assert.equal(response.status(), 200, await response.text());
    const found = (await response.json()).matches.find((m) => m.id === match.id);
    assert.ok(found, `match ${match.id} on the event page`);
    return found;
  } finally {
    await admin.close();
  }
}

/** The captain's event page on a phone, once the captain's section shows. */
async function captainPage(context) {
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/event/${eventId}`);
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await page.getByTestId('captain-reports').getByRole('heading', { name: 'Vos résultats à déclarer' }).waitFor();
  return page;
}

/** The captain's row of the reported match, by the opponent's name. */
const reportRow = (page, opponent) => page.getByTestId('captain-reports').getByTestId('captain-match').filter({ hasText: `Contre ${opponent}` });

/** The page is no wider than the phone, and the captain's section fits inside it. */
async function fitsTheScreen(page, width, label) {
  const scrollWidth = await page.evaluate(() => globalThis.document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `${label}: the page scrolls sideways (${scrollWidth} px on a ${width} px screen)`);
  const box = await page.getByTestId('captain-reports').boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= width, `${label}: the captain's section fits: ${JSON.stringify(box)}`);
}

test('an event today with four teams registered by their captains, and a tournament the teams score, under way', async () => {
  const admin = await signedIn(ADMIN);
  eventId = await eventWithTeams(suite.browser, suite.server, admin, { title: TITLE, description: 'Les équipes déclarent leurs résultats.', teams: TEAMS, prefix: PREFIX });
  // Started ten minutes ago: the first round's matches are under way. A proposal waits an hour
  // for the other team, so none confirms itself while the test runs.
  const created = await apiPost(admin, suite.server, `/api/admin/events/${eventId}/tournament`, {
    courtsAvailable: 2, matchDurationMinutes: 20, breakBetweenMatches: 10, startTime: new Date(Date.now() - 10 * 60_000).toISOString(), poolCount: 1,
    scoring: 'teams', confirmMinutes: 60, duty: 'none',
  });
  assert.equal(created.status(), 201, await created.text());
  const tournament = await created.json();
  const generated = await apiPost(admin, suite.server, `/api/admin/tournaments/${tournament.id}/generate-schedule`);
  assert.equal(generated.status(), 200, await generated.text());
  match = (await generated.json()).matches.find((m) => m.roundType === 'pool' && m.slotIndex === 0);
  assert.ok(match && match.team1Name && match.team2Name, 'a first-round match between two known teams');
  await admin.close();

  const now = await serverMatch();
  assert.equal(now.status, 'in_progress', 'the first round is under way');
  assert.equal(now.report, null, 'nobody has reported yet');
});

test("captain A, on a 360 px phone, enters 21-18 and reads that the other team must confirm it; the event page shows it as provisional", async () => {
  const context = await signedIn(captainOf(match.team1Name), NARROW);
  const team = await (await context.request.get(`${suite.server.url}/api/events/${eventId}/user-team`)).json();
  assert.equal(team.teamName, match.team1Name, "A is the captain of the match's first team");
  const page = await captainPage(context);
  const row = reportRow(page, match.team2Name);
  await row.waitFor();
  await fitsTheScreen(page, NARROW.viewport.width, "A's event page");

  const report = row.getByRole('button', { name: 'Saisir le résultat' });
  const box = await report.boundingBox();
  assert.ok(box && box.height >= 44, `a large tap target: ${JSON.stringify(box)}`);
  await report.tap();
  const dialog = page.getByRole('dialog', { name: 'Saisir le résultat' });
  await dialog.waitFor();
  await dialog.getByLabel(match.team1Name).fill('21');
  await dialog.getByLabel(match.team2Name).fill('18');
  await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
  await dialog.waitFor({ state: 'hidden' });
  await toast(page, 'Résultat enregistré : il part dès que le serveur répond').waitFor();

  // The sync starts once the page has settled; then the report leaves and the page refetches.
  await row.getByText("Vous avez proposé 21-18 : l'autre équipe doit le confirmer.", { exact: true }).waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId('captain-sending').count(), 0, 'nothing waits on the phone');
  // A may still change it while B has not answered.
  await row.getByRole('button', { name: 'Modifier le résultat proposé' }).waitFor();
  const proposed = await serverMatch();
  assert.equal(proposed.report?.state, 'proposed', JSON.stringify(proposed.report));
  assert.deepEqual([proposed.report.team1Score, proposed.report.team2Score], [21, 18]);
  assert.equal(proposed.status, 'in_progress', 'a proposal does not complete the match');

  // Anyone's event page: the proposal, marked provisional, the match not over.
  const visitor = await newContext(suite.browser, NARROW);
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${suite.server.url}/event/${eventId}`);
  const card = publicPage.getByTestId('public-match').filter({ hasText: match.team1Name }).filter({ hasText: match.team2Name }).first();
  await card.getByText('Résultat proposé 21-18 (provisoire)', { exact: true }).waitFor();
  await card.getByText('En cours', { exact: true }).waitFor();
  assert.equal(await card.getByText('Terminé', { exact: true }).count(), 0);
  await Promise.all([visitor.close(), context.close()]);
});

test("captain B, on a 430 px phone, sees '1 résultat attend votre confirmation' with A's score; axe finds nothing on the page", async () => {
  captainB = await signedIn(captainOf(match.team2Name), WIDE);
  const page = await captainPage(captainB);
  const section = page.getByTestId('captain-reports');
  await section.getByRole('status').getByText('1 résultat attend votre confirmation', { exact: true }).waitFor();
  const row = reportRow(page, match.team1Name);
  await row.getByText(`${match.team1Name} propose 21-18.`, { exact: true }).waitFor();
  for (const name of ['Confirmer', 'Contester']) {
    const box = await row.getByRole('button', { name }).boundingBox();
    assert.ok(box && box.height >= 44, `'${name}' is a large tap target: ${JSON.stringify(box)}`);
  }
  await fitsTheScreen(page, WIDE.viewport.width, "B's event page");
  await expectNoAxeViolations(page, "the event page with the captain's section (fr)");
});

test("B confirms without network: 'En attente d'envoi : 21-18', nothing reaches the server; the network back, the match is completed", async () => {
  assert.ok(captainB, "B's phone from the test before");
  const [page] = captainB.pages();
  // The page has settled: the sync has started (it will hear the network come back).
  await loadSettled(page);

  const pushes = { answered: [], failed: 0 };
  const isPush = (request) => request.method() === 'POST' && new URL(request.url()).pathname === REPORT_PATH;
  captainB.on('response', (response) => {
    if (isPush(response.request())) pushes.answered.push(response.status());
  });
  captainB.on('requestfailed', (request) => {
    if (isPush(request)) pushes.failed += 1;
  });

  await captainB.setOffline(true);
  const row = reportRow(page, match.team1Name);
  await row.getByRole('button', { name: 'Confirmer' }).tap();
  const sending = row.getByTestId('captain-sending');
  await sending.getByText("En attente d'envoi : 21-18", { exact: true }).waitFor();
  // core-wasm's report rule, the server's, says what the waiting answer will do.
  await sending.getByText('Il confirmera le résultat.', { exact: true }).waitFor();
  assert.equal(await row.getByRole('button', { name: 'Confirmer' }).count(), 0, 'no button to tap twice while it waits');
  assert.equal(await row.getByRole('button', { name: 'Contester' }).count(), 0);

  // The phone tried to send it and could not: the server still has A's proposal only.
  const deadline = Date.now() + 15_000;
  while (pushes.failed === 0) {
    assert.ok(Date.now() < deadline, 'the phone tried to send the confirmation');
    await page.waitForTimeout(100);
  }
  assert.deepEqual(pushes.answered, [], 'no push answered while offline');
  const offline = await serverMatch();
  assert.equal(offline.report?.state, 'proposed', JSON.stringify(offline.report));
  assert.equal(offline.status, 'in_progress');
  await sending.waitFor();

  // The network comes back: the confirmation leaves, the match is completed on the server.
  await captainB.setOffline(false);
  const until = Date.now() + 30_000;
  let confirmed;
  for (;;) {
    confirmed = await serverMatch();
    if (confirmed.report?.state === 'confirmed' && confirmed.status === 'completed') break;
    assert.ok(Date.now() < until, `confirmed within 30 s: ${JSON.stringify(confirmed.report)} (${confirmed.status})`);
    await page.waitForTimeout(250);
  }
  assert.deepEqual([confirmed.team1Score, confirmed.team2Score], [21, 18]);
  assert.ok(pushes.answered.includes(200), `the push went through: ${pushes.answered.join(', ')}`);

  // B's page: nothing waits any more, the match is out of the captain's list, and its score shows.
  await page.getByText('1 résultat attend votre confirmation').waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByTestId('captain-sending').waitFor({ state: 'detached' });
  await reportRow(page, match.team1Name).waitFor({ state: 'detached' });
  const card = page.getByTestId('public-match').filter({ hasText: match.team1Name }).filter({ hasText: match.team2Name }).first();
  await card.getByText('Terminé', { exact: true }).waitFor();
  await card.getByText('21', { exact: true }).waitFor();
  await card.getByText('18', { exact: true }).waitFor();
  assert.equal(await card.getByText(/provisoire/).count(), 0, 'no longer provisional');
  await captainB.close();
});
