// Volleyball scored as volleyball, end to end with the real server and Chromium: the admin
// creates a tournament whose pools play 'Plage FIVB 21/21/15'; on a phone (360 px) a match is
// scored set by set (a row per set, the leader shown, an impossible set refused with the
// server's message), the score goes through the outbox with its sets, and the console, the API
// and the event page read '21-18, 17-21, 15-10' and the sets in the standings. Once the pools
// have a score their format no longer changes (409 format_locked, said under the field). axe
// finds nothing on the dialog.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { eventWithTeams, newContext, openTournamentsTab, signIn, startInput, toast, useServerAndBrowser } from './harness.mjs';

const test = (name, fn) => nodeTest(name, { timeout: 180_000 }, fn);

const ADMIN = 'chef@example.org';
const TITLE = 'Tournoi de plage du lac';
const TEAMS = ['Les Huards', 'Les Castors', 'Les Loups', 'Les Ours'];
const PHONE = { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true };

const suite = useServerAndBrowser({ args: ['--admin-emails', ADMIN] });
let eventId;
let tournamentId;


async function adminContext(options = {}) {
  const context = await newContext(suite.browser, options);
  await signIn(context, suite.server, { email: ADMIN, firstName: 'Chloé', lastName: 'Chef' });
  return context;
}



test('an event with four teams', async () => {
  const admin = await adminContext();
  eventId = await eventWithTeams(suite.browser, suite.server, admin, { title: TITLE, description: 'Tournoi de volleyball de plage.', teams: TEAMS, prefix: 'plage' });
  await admin.close();
});

test('the admin chooses the FIVB beach format for the pools and generates the schedule', async () => {
  const context = await adminContext();
  const page = await openTournamentsTab(context, suite.server, eventId);
  await page.getByLabel('Date et heure de début').fill(startInput());
  const pools = page.getByLabel('Matchs de poule');
  assert.deepEqual(await pools.locator('option').allTextContents(), [
    'Simple (un score par match)',
    'Plage FIVB 21/21/15',
    'Récréatif 2 manches de 21, plafond 23',
    'Intérieur 25/25/15',
    'Chronométré',
  ]);
  await pools.selectOption('fivb-beach');
  await page.getByRole('button', { name: 'Créer le tournoi' }).click();
  await toast(page, 'Tournoi créé').waitFor();
  const status = page.getByTestId('tournament-status');
  await status.getByText('Plage FIVB 21/21/15', { exact: true }).waitFor();
  const tournament = await (await context.request.get(`${suite.server.url}/api/admin/events/${eventId}/tournament`)).json();
  assert.equal(tournament.poolFormat.preset, 'fivb-beach');
  assert.equal(tournament.knockoutFormat.preset, 'single');
  tournamentId = tournament.id;
  await status.getByRole('button', { name: "Générer l'horaire" }).click();
  await toast(page, 'Horaire généré').waitFor();
  // The pool table has the set columns.
  const table = page.locator('#root').getByTestId('standings-table');
  await table.getByRole('columnheader', { name: 'Q. manches' }).waitFor();
  await context.close();
});

test('a match is scored set by set on a phone, through the outbox, and read set by set everywhere', async () => {
  const context = await adminContext(PHONE);
  const page = await openTournamentsTab(context, suite.server, eventId);
  const card = page.getByTestId('next-to-score').getByTestId('match-card').first();
  await card.waitFor();
  await card.tap();
  const dialog = page.getByRole('dialog', { name: 'Saisir le score du match' });
  await dialog.waitFor();
  await dialog.getByText('Format : Plage FIVB 21/21/15').waitFor();
  const inputs = dialog.getByRole('spinbutton');
  assert.equal(await inputs.count(), 2, 'one set to start with');
  assert.equal(await inputs.nth(0).getAttribute('inputmode'), 'numeric');
  await inputs.nth(0).fill('21');
  await inputs.nth(1).fill('18');
  await inputs.nth(2).fill('17');
  await inputs.nth(3).fill('21');
  await dialog.getByText('Égalité, 1-1').waitFor();
  assert.equal(await inputs.count(), 6, 'the deciding set appears at 1-1');
  for (let i = 0; i < 6; i += 1) {
    const box = await inputs.nth(i).boundingBox();
    assert.ok(box && box.height >= 44 && box.x >= 0 && box.x + box.width <= 360, `a large input on the screen: ${JSON.stringify(box)}`);
  }
  await inputs.nth(4).fill('15');
  await inputs.nth(5).fill('14');
  const save = dialog.getByRole('button', { name: 'Enregistrer' });
  await save.tap();
  await dialog.getByRole('alert').getByText("Une manche se gagne avec deux points d'écart.").waitFor();
  const axe = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(axe.violations.map((v) => v.id), [], 'axe on the score dialog');
  await inputs.nth(5).fill('10');
  const winner = await dialog.getByTestId('sets-summary').textContent();
  assert.match(winner, /^Gagnant : .+, 2-1$/);
  await save.tap();
  await toast(page, 'Score mis à jour').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('pool-phase').getByTestId('set-scores').filter({ hasText: '21-18, 17-21, 15-10' }).first().waitFor();

  // The server has the sets (the two scores: the sets won), and ranks with them.
  let scored;
  for (let i = 0; i < 50 && !scored; i += 1) {
    const matches = await (await context.request.get(`${suite.server.url}/api/admin/tournaments/${tournamentId}/matches`)).json();
    scored = matches.find((m) => m.status === 'completed');
    // The poll's interval, until the server has the score: no 'nothing happened' check follows it.
    if (!scored) await page.waitForTimeout(200);
  }
  assert.deepEqual([scored.team1Score, scored.team2Score, scored.sets], [2, 1, [[21, 18], [17, 21], [15, 10]]]);
  const standings = await (await context.request.get(`${suite.server.url}/api/admin/tournaments/${tournamentId}/standings`)).json();
  const leader = standings.find((row) => row.teamId === scored.team1Id);
  assert.deepEqual([leader.setsWon, leader.setsLost, leader.setRatio], [2, 1, 2]);
  await context.close();

  // The event page reads the sets too.
  const visitor = await newContext(suite.browser, { viewport: { width: 390, height: 844 } });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${suite.server.url}/event/${eventId}`);
  await publicPage.getByTestId('public-match').filter({ hasText: '21-18, 17-21, 15-10' }).getByText('Terminé', { exact: true }).waitFor();
  await publicPage.getByTestId('public-standing-sets').filter({ hasText: 'Manches 2-1' }).waitFor();
  await publicPage.getByText('Victoire 2 pts, Défaite 1 pt, Forfait 0 pt').waitFor();
  await visitor.close();
});

test("the pools' format no longer changes once they have a score", async () => {
  const context = await adminContext();
  const page = await openTournamentsTab(context, suite.server, eventId);
  await page.getByTestId('tournament-status').getByRole('button', { name: 'Modifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier les détails du tournoi' });
  const pools = dialog.getByLabel('Matchs de poule');
  assert.equal(await pools.inputValue(), 'fivb-beach');
  await pools.selectOption('rec-2x21');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await pools.and(page.locator('[aria-invalid="true"]')).waitFor();
  await dialog.getByText('Le format ne peut plus changer : cette phase a déjà des scores.').first().waitFor();
  await context.close();
});
