// The console's Tournois tab on two admin phones at once, with the real server and Chromium:
// what phone A scores shows on phone B within 2 seconds, without a reload. B loses the network
// (Chromium's own offline mode) and its line says so; A scores meanwhile; B gets the network
// back and catches up by itself, and A's next score again shows on B within 2 seconds.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { apiPost, enterScore, eventWithTeams, newContext, openTournamentsTab, poolMatchCard, signIn, useServerAndBrowser } from './harness.mjs';

const test = (name, fn) => nodeTest(name, { timeout: 180_000 }, fn);

const ADMIN_A = { email: 'chloe@example.org', firstName: 'Chloé', lastName: 'Chef' };
const ADMIN_B = { email: 'marc@example.org', firstName: 'Marc', lastName: 'Marqueur' };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** How soon another phone's change must show. */
const LIVE_MS = 2_000;

const suite = useServerAndBrowser({ args: ['--admin-emails', `${ADMIN_A.email},${ADMIN_B.email}`] });

const post = (context, path, data) => apiPost(context, suite.server, path, data);

async function adminContext(admin) {
  const context = await newContext(suite.browser, PHONE);
  await signIn(context, suite.server, admin);
  return context;
}

/** An event with four teams and its tournament under way: the pool's matches. */
async function tournamentUnderWay(admin) {
  const eventId = await eventWithTeams(suite.browser, suite.server, admin, {
    title: 'Tournoi en direct', description: 'Tournoi amical.', teams: ['Les Huards', 'Les Castors', 'Les Loups', 'Les Ours'], prefix: 'direct',
  });
  const created = await post(admin, `/api/admin/events/${eventId}/tournament`, {
    courtsAvailable: 2, matchDurationMinutes: 20, breakBetweenMatches: 10, startTime: new Date(Date.now() - 10 * 60_000).toISOString(), poolCount: 1,
  });
  assert.equal(created.status(), 201, await created.text());
  const generated = await post(admin, `/api/admin/tournaments/${(await created.json()).id}/generate-schedule`);
  assert.equal(generated.status(), 200, await generated.text());
  return { eventId, pool: (await generated.json()).matches.filter((m) => m.roundType === 'pool') };
}




/**
 * The match's card shows it completed with this score, within `timeout`: the status and the
 * scores may come in two renders (a busy machine has shown them 500 ms apart), so each waits.
 */
async function showsScore(page, match, team1Score, team2Score, timeout) {
  const card = poolMatchCard(page, match);
  await card.getByText('Terminé', { exact: true }).waitFor({ timeout });
  await card.getByText(String(team1Score), { exact: true }).waitFor({ timeout });
  await card.getByText(String(team2Score), { exact: true }).waitFor({ timeout });
}

const line = (page) => page.getByTestId('offline-line');

test("phone B's Tournois tab shows phone A's scores within 2 s, and catches up after losing the network", async () => {
  const contextA = await adminContext(ADMIN_A);
  const { eventId, pool } = await tournamentUnderWay(contextA);
  const [first, second, third] = pool;
  const pageA = await openTournamentsTab(contextA, suite.server, eventId, 'Prochains matchs à saisir');
  const contextB = await adminContext(ADMIN_B);
  const pageB = await openTournamentsTab(contextB, suite.server, eventId, 'Prochains matchs à saisir');
  // Set on B's page now: still there at the end means B never reloaded.
  await pageB.evaluate(() => {
    globalThis.sameDocument = true;
  });
  await line(pageB).getByText(/^Prêt hors ligne · à jour à \d\d:\d\d$/).waitFor();

  await enterScore(pageA, first, 21, 15);
  await showsScore(pageB, first, 21, 15, LIVE_MS);

  // B loses the network; A scores meanwhile.
  await contextB.setOffline(true);
  await line(pageB).getByText('Hors ligne · 0 score en attente', { exact: true }).waitFor();
  // The server answers A's push once it has the score and has told every open page (live.rs):
  // from then on B would show it, had it any way to learn it offline.
  const pushed = pageA.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/sync/scores' && r.request().method() === 'POST');
  await enterScore(pageA, second, 21, 12);
  assert.equal((await pushed).status(), 200);
  await showsScore(pageA, second, 21, 12, 5_000);
  assert.equal(await poolMatchCard(pageB, second).getByText('Terminé', { exact: true }).count(), 0, 'offline, B cannot know yet');

  // The network comes back: B catches up by itself, then follows live again.
  await contextB.setOffline(false);
  await showsScore(pageB, second, 21, 12, 5_000);
  await enterScore(pageA, third, 15, 21);
  await showsScore(pageB, third, 15, 21, LIVE_MS);
  await line(pageB).getByText(/^Prêt hors ligne · à jour à \d\d:\d\d$/).waitFor();
  assert.equal(await pageB.evaluate(() => globalThis.sameDocument), true, 'B was never reloaded');
  await Promise.all([contextA.close(), contextB.close()]);
});
