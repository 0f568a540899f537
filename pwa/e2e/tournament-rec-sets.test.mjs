// A recreational tournament scored in sets, end to end with the real server and Chromium, all on
// a 390 px phone: the admin creates, in the Tournois tab, a tournament whose pools play
// 'Récréatif 2 manches de 21, plafond 23' (both sets always played, 1-1 a draw) and generates the
// schedule; scores a 1-1 split (21-18, 17-21) and a 2-0 (21-15, 23-21) set by set; the console's
// standings show the draw ('N') and the set and point quotients ('Q. manches', 'Q. points', 'MAX'
// for the team that lost no set), the page never scrolls sideways, and the event page reads
// '21-18, 17-21'. Then the phone loses the network (Chromium's own offline mode), scores a third
// match set by set (21-19, 21-17), the badge shows '1 score en attente', and back online the
// score reaches the server with its sets.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { eventWithTeams, newContext, openTournamentsTab, signIn, startInput, toast, useServerAndBrowser } from './harness.mjs';

const test = (name, fn) => nodeTest(name, { timeout: 180_000 }, fn);

const ADMIN = 'anim@example.org';
const TITLE = 'Tournoi récréatif du lac';
const TEAMS = ['Les Huards', 'Les Castors', 'Les Loups', 'Les Ours'];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const REC = 'Récréatif 2 manches de 21, plafond 23';

const suite = useServerAndBrowser({ args: ['--admin-emails', ADMIN] });
let eventId;
let tournamentId;
/** The two matches of the first slot (one per court, four different teams), then one of the second. */
let split;
let sweep;
let offline;

const badge = (page) => page.getByTestId('sync-badge');

async function adminContext(options = {}) {
  const context = await newContext(suite.browser, options);
  await signIn(context, suite.server, { email: ADMIN, firstName: 'Annie', lastName: 'Animatrice' });
  return context;
}



/** The console's card of a match (by its two teams) in the schedule's pool phase. */
const matchCard = (page, match) =>
  page.getByTestId('pool-phase').getByTestId('match-card').filter({ hasText: match.team1Name }).filter({ hasText: match.team2Name });

/**
 * Taps a match on the phone and types its sets in 'Saisir le score du match': both sets of the
 * format are there at once; the summary line says what the sets make before 'Enregistrer'.
 */
async function scoreSets(page, match, sets, summary) {
  await matchCard(page, match).tap();
  const dialog = page.getByRole('dialog', { name: 'Saisir le score du match' });
  await dialog.waitFor();
  await dialog.getByText(`Format : ${REC}`, { exact: true }).waitFor();
  assert.equal(await dialog.getByRole('spinbutton').count(), 4, 'both sets are always played: two rows from the start');
  for (const [index, [team1, team2]] of sets.entries()) {
    await dialog.getByLabel(`Manche ${index + 1}, points de ${match.team1Name}`, { exact: true }).fill(String(team1));
    await dialog.getByLabel(`Manche ${index + 1}, points de ${match.team2Name}`, { exact: true }).fill(String(team2));
  }
  await dialog.getByTestId('sets-summary').getByText(summary, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
  await toast(page, 'Score mis à jour').waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

/** The page does not scroll sideways on the phone. */
async function assertNoSidewaysScroll(page, where) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: globalThis.document.documentElement.scrollWidth, innerWidth: globalThis.innerWidth }));
  assert.equal(innerWidth, 390, `${where}: the layout viewport stays the phone's width`);
  assert.ok(scrollWidth <= innerWidth, `${where}: no horizontal scroll (scrollWidth ${scrollWidth} > ${innerWidth})`);
}

/** The console's standings table as read on screen: one object per row, keyed by column heading. */
function readStandings(table) {
  return table.evaluate((element) => {
    const headings = [...element.querySelectorAll('thead th')].map((th) => th.textContent.trim());
    return [...element.querySelectorAll('tbody tr')].map((tr) => {
      const cells = [...tr.children].map((cell) => (cell.tagName === 'TH' ? cell.querySelector('span').textContent : cell.textContent).trim());
      return Object.fromEntries(headings.map((heading, index) => [heading, cells[index]]));
    });
  });
}

test('an event with four teams', async () => {
  const admin = await adminContext();
  eventId = await eventWithTeams(suite.browser, suite.server, admin, { title: TITLE, description: 'Tournoi récréatif de volleyball de plage.', teams: TEAMS, prefix: 'recre' });
  await admin.close();
});

test("on a 390 px phone the admin creates a tournament whose pools play 'Récréatif 2 manches de 21, plafond 23' and generates the schedule", async () => {
  const context = await adminContext(PHONE);
  const page = await openTournamentsTab(context, suite.server, eventId);
  await page.getByLabel('Date et heure de début').fill(startInput());
  const pools = page.getByLabel('Matchs de poule');
  await pools.selectOption({ label: REC });
  await page.getByText('Les 2 manches de 21 se jouent toujours (plafond 23) ; 1-1 est un match nul.', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Créer le tournoi' }).tap();
  await toast(page, 'Tournoi créé').waitFor();
  const status = page.getByTestId('tournament-status');
  await status.getByText(REC, { exact: true }).waitFor();
  const tournament = await (await context.request.get(`${suite.server.url}/api/admin/events/${eventId}/tournament`)).json();
  assert.equal(tournament.poolFormat.preset, 'rec-2x21');
  assert.deepEqual([tournament.poolFormat.sets.sets, tournament.poolFormat.sets.points, tournament.poolFormat.sets.cap], [2, 21, 23]);
  tournamentId = tournament.id;
  await status.getByRole('button', { name: "Générer l'horaire" }).tap();
  await toast(page, 'Horaire généré').waitFor();
  await page.getByTestId('pool-phase').getByTestId('match-card').first().waitFor();
  const table = page.locator('#root').getByTestId('standings-table');
  for (const heading of ['N', 'Manches', 'Q. manches', 'Q. points']) await table.getByRole('columnheader', { name: heading, exact: true }).waitFor();
  await assertNoSidewaysScroll(page, 'the Tournois tab with its schedule');

  // The schedule: the first slot's two matches (four different teams), then one of the second slot.
  const matches = await (await context.request.get(`${suite.server.url}/api/admin/tournaments/${tournamentId}/matches`)).json();
  const pool = matches.filter((m) => m.roundType === 'pool');
  assert.equal(pool.length, 6, 'four teams, one pool: six matches');
  [split, sweep] = pool.filter((m) => m.slotIndex === 0);
  assert.ok(split && sweep, 'two matches at the first slot, one per court');
  assert.equal(new Set([split.team1Id, split.team2Id, sweep.team1Id, sweep.team2Id]).size, 4, 'four different teams at the first slot');
  offline = pool.find((m) => m.slotIndex === 1);
  assert.ok(offline, 'a match at the second slot');
  await context.close();
});

test('on the phone a 1-1 split and a 2-0 are scored set by set; the standings show the draw and the set and point quotients', async () => {
  const context = await adminContext(PHONE);
  const page = await openTournamentsTab(context, suite.server, eventId);
  await scoreSets(page, split, [[21, 18], [17, 21]], 'Match nul, 1-1');
  await scoreSets(page, sweep, [[21, 15], [23, 21]], `Gagnant : ${sweep.team1Name}, 2-0`);
  for (const [match, text] of [[split, '21-18, 17-21'], [sweep, '21-15, 23-21']]) {
    const card = matchCard(page, match);
    await card.getByTestId('set-scores').filter({ hasText: text }).waitFor();
    await card.getByText('Terminé', { exact: true }).waitFor();
  }
  await badge(page).waitFor({ state: 'detached' });

  // Worked out by hand. The split: team 1 scored 21+17 = 38, conceded 18+21 = 39; one set each.
  // The sweep: team 1 scored 21+23 = 44, conceded 15+21 = 36; two sets to none. A win is worth
  // 3, a draw 1; the two drawn teams are level on points and on sets (1,000), the point quotient
  // between them puts the split's team 2 (39/38) ahead.
  const expected = [
    { 'Pos.': '1', Équipe: sweep.team1Name, Pts: '3', V: '1', N: '0', D: '0', Manches: '2-0', 'Q. manches': 'MAX', BP: '44', BC: '36', 'Q. points': '1,222', Diff: '+8' },
    { 'Pos.': '2', Équipe: split.team2Name, Pts: '1', V: '0', N: '1', D: '0', Manches: '1-1', 'Q. manches': '1,000', BP: '39', BC: '38', 'Q. points': '1,026', Diff: '+1' },
    { 'Pos.': '3', Équipe: split.team1Name, Pts: '1', V: '0', N: '1', D: '0', Manches: '1-1', 'Q. manches': '1,000', BP: '38', BC: '39', 'Q. points': '0,974', Diff: '-1' },
    { 'Pos.': '4', Équipe: sweep.team2Name, Pts: '0', V: '0', N: '0', D: '1', Manches: '0-2', 'Q. manches': '0,000', BP: '36', BC: '44', 'Q. points': '0,818', Diff: '-8' },
  ];
  const table = page.locator('#root').getByTestId('standings-table');
  // Wait for the table to read so once both scores are in; if it never does, the assertion below
  // says what it reads instead.
  try {
    await page.waitForFunction(
      (rows) => {
        const element = globalThis.document.querySelector('#root [data-testid="standings-table"]');
        if (!element) return false;
        const headings = [...element.querySelectorAll('thead th')].map((th) => th.textContent.trim());
        const shown = [...element.querySelectorAll('tbody tr')].map((tr) => {
          const cells = [...tr.children].map((cell) => (cell.tagName === 'TH' ? cell.querySelector('span').textContent : cell.textContent).trim());
          return Object.fromEntries(headings.map((heading, index) => [heading, cells[index]]));
        });
        return JSON.stringify(shown) === JSON.stringify(rows);
      },
      expected,
      { timeout: 15_000 },
    );
  } catch {
    // Not so after 15 s: compared below, cell by cell.
  }
  assert.deepEqual(await readStandings(table), expected);
  await page.locator('#root').getByTestId('tie-break').getByText('Égalités départagées par le quotient de points.', { exact: true }).waitFor();
  await page.getByText('Victoire 3 pts, Nul 1 pt, Défaite 0 pt', { exact: true }).first().waitFor();
  await assertNoSidewaysScroll(page, 'the Tournois tab after scoring');

  // The server agrees: the sets won as the two scores, the sets themselves.
  const matches = await (await context.request.get(`${suite.server.url}/api/admin/tournaments/${tournamentId}/matches`)).json();
  const byId = (id) => matches.find((m) => m.id === id);
  assert.deepEqual([byId(split.id).team1Score, byId(split.id).team2Score, byId(split.id).sets], [1, 1, [[21, 18], [17, 21]]]);
  assert.deepEqual([byId(sweep.id).team1Score, byId(sweep.id).team2Score, byId(sweep.id).sets], [2, 0, [[21, 15], [23, 21]]]);
  await context.close();
});

test("the event page shows the split's sets as '21-18, 17-21' and the quotients", async () => {
  const visitor = await newContext(suite.browser, { viewport: { width: 390, height: 844 } });
  const page = await visitor.newPage();
  await page.goto(`${suite.server.url}/event/${eventId}`);
  const splitCard = page.getByTestId('public-match').filter({ hasText: split.team1Name }).filter({ hasText: split.team2Name });
  await splitCard.getByTestId('set-scores').filter({ hasText: '21-18, 17-21' }).waitFor();
  await splitCard.getByText('Terminé', { exact: true }).waitFor();
  const sweepCard = page.getByTestId('public-match').filter({ hasText: sweep.team1Name }).filter({ hasText: sweep.team2Name });
  await sweepCard.getByTestId('set-scores').filter({ hasText: '21-15, 23-21' }).waitFor();
  const standing = (team) => page.getByTestId('public-standing').filter({ hasText: team }).getByTestId('public-standing-sets');
  await standing(sweep.team1Name).filter({ hasText: 'Manches 2-0' }).filter({ hasText: 'Q. manches MAX' }).filter({ hasText: 'Q. points 1,222' }).waitFor();
  await standing(split.team1Name).filter({ hasText: 'Manches 1-1' }).filter({ hasText: 'Q. manches 1,000' }).filter({ hasText: 'Q. points 0,974' }).waitFor();
  await page.getByText('Victoire 3 pts, Nul 1 pt, Défaite 0 pt', { exact: true }).waitFor();
  await visitor.close();
});

test('offline, a third match scored set by set waits on the phone, then reaches the server with its sets', async () => {
  const context = await adminContext(PHONE);
  const page = await openTournamentsTab(context, suite.server, eventId);
  // Online once: the service worker controls the page (what the phone has at the courts).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.getByRole('heading', { name: 'Prochains matchs à saisir' }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await matchCard(page, offline).waitFor();

  await context.setOffline(true);
  await scoreSets(page, offline, [[21, 19], [21, 17]], `Gagnant : ${offline.team1Name}, 2-0`);
  await badge(page).filter({ hasText: '1 score en attente' }).waitFor();
  assert.equal(await badge(page).getAttribute('aria-label'), '1 score en attente de synchronisation');
  const card = matchCard(page, offline);
  await card.getByText('En attente de synchronisation', { exact: true }).waitFor();
  await card.getByTestId('set-scores').filter({ hasText: '21-19, 21-17' }).waitFor();
  await assertNoSidewaysScroll(page, 'the Tournois tab offline, a score waiting');

  // Back online: the badge goes, the match is completed, nothing refused.
  await context.setOffline(false);
  await badge(page).waitFor({ state: 'detached' });
  await card.getByText('Terminé', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('rejected-scores').count(), 0, 'nothing refused');
  assert.equal(await page.getByTestId('score-conflicts').count(), 0, 'no conflict');

  const matches = await (await context.request.get(`${suite.server.url}/api/admin/tournaments/${tournamentId}/matches`)).json();
  const synced = matches.find((m) => m.id === offline.id);
  assert.deepEqual([synced.status, synced.team1Score, synced.team2Score, synced.sets], ['completed', 2, 0, [[21, 19], [21, 17]]]);
  await context.close();

  // Anyone sees it on the event page.
  const visitor = await newContext(suite.browser, { viewport: { width: 390, height: 844 } });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${suite.server.url}/event/${eventId}`);
  const publicCard = publicPage.getByTestId('public-match').filter({ hasText: offline.team1Name }).filter({ hasText: offline.team2Name });
  await publicCard.getByTestId('set-scores').filter({ hasText: '21-19, 21-17' }).waitFor();
  await publicCard.getByText('Terminé', { exact: true }).waitFor();
  await visitor.close();
});

test("a no-show is a forfeit from the score dialog (21-0, 21-0); a team withdrawn after it played keeps its name, marked '(retirée)'", async () => {
  const context = await adminContext({ ...PHONE, viewport: { width: 375, height: 812 } });
  const before = await (await context.request.get(`${suite.server.url}/api/admin/tournaments/${tournamentId}/matches`)).json();
  const noShow = before.find((m) => m.roundType === 'pool' && m.status !== 'completed');
  assert.ok(noShow, 'a pool match still to play');
  const page = await openTournamentsTab(context, suite.server, eventId);
  await matchCard(page, noShow).tap();
  const dialog = page.getByRole('dialog', { name: 'Saisir le score du match' });
  await dialog.getByTestId('forfeit-choice').getByText("Une équipe ne s'est pas présentée : l'autre gagne par forfait.", { exact: true }).waitFor();
  await dialog.getByRole('button', { name: `${noShow.team2Name} déclare forfait`, exact: true }).tap();
  await toast(page, 'Forfait enregistré').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  const card = matchCard(page, noShow);
  await card.getByTestId('set-scores').filter({ hasText: '21-0, 21-0' }).waitFor();
  await card.getByText('Forfait', { exact: true }).waitFor();

  // The sweep's loser, who has played, withdraws: the admin deletes its registration.
  const gone = sweep.team2Name;
  const registrations = await (await context.request.get(`${suite.server.url}/api/admin/events/${eventId}/registrations`)).json();
  const registration = registrations.find((r) => r.id === sweep.team2Id);
  assert.ok(registration, 'its registration');
  const deleted = await context.request.delete(`${suite.server.url}/api/admin/event-registrations/${registration.id}`, { headers: { Origin: suite.server.url } });
  assert.equal(deleted.status(), 204);
  await page.reload();
  const marked = `${gone} (retirée)`;
  const played = matchCard(page, { team1Name: sweep.team1Name, team2Name: marked });
  await played.getByTestId('set-scores').filter({ hasText: '21-15, 23-21' }).waitFor();
  assert.equal(await page.getByTestId('pool-phase').getByText('À déterminer').count(), 0, "never 'À déterminer' beside a score");
  const table = page.locator('#root').getByTestId('standings-table');
  const rows = await readStandings(table);
  assert.equal(rows.at(-1).Équipe, marked, 'listed last, marked');
  await page.locator('#root').getByTestId('withdrawn-rule').getByText('Équipe retirée : ses matchs joués comptent tels quels, ceux qui lui restaient sont perdus par forfait.', { exact: true }).waitFor();
  await context.close();

  // The event page says the same.
  const visitor = await newContext(suite.browser, { viewport: { width: 375, height: 812 } });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${suite.server.url}/event/${eventId}`);
  await publicPage.getByTestId('public-standing').last().getByText(marked, { exact: true }).waitFor();
  await publicPage.getByTestId('withdrawn-rule').waitFor();
  await publicPage.getByTestId('public-match').filter({ hasText: marked }).first().waitFor();
  await visitor.close();
});
