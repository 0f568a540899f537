// A tournament whose clock has passed three rounds with nothing scored, as at the courts when
// the scorekeepers fall behind: the console and the event page show exactly one 'En cours' per
// court (the earliest match due on it); the console marks the later overdue ones 'En retard',
// the event page 'À venir'. A scorekeeper says a late match is the one being played ('Le match
// commence'): its court now shows it 'En cours', on a 360 px phone and on the event page.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { eventWithTeams, newContext, signIn, useServerAndBrowser } from './harness.mjs';

const test = (name, fn) => nodeTest(name, { timeout: 180_000 }, fn);

const ADMIN = { email: 'journee@example.org', firstName: 'Jeanne', lastName: 'Journée' };
const TEAMS = ['Les Hérons', 'Les Brochets', 'Les Ouaouarons', 'Les Achigans'];
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };

const suite = useServerAndBrowser({ args: ['--admin-emails', ADMIN.email] });
let eventId;
let matches;

async function adminContext(options = {}) {
  const context = await newContext(suite.browser, options);
  await signIn(context, suite.server, ADMIN);
  return context;
}

const perCourt = (list) => [1, 2].map((court) => list.filter((m) => (m.courtNumber ?? m.court) === court));

test('a tournament started 100 minutes ago on two courts, nothing scored', async () => {
  const admin = await adminContext();
  eventId = await eventWithTeams(suite.browser, suite.server, admin, { title: 'Journée en retard', description: 'Tournoi amical.', teams: TEAMS, prefix: 'retard' });
  const post = (path, data) => admin.request.post(`${suite.server.url}${path}`, { headers: { Origin: suite.server.url }, data });
  const created = await post(`/api/admin/events/${eventId}/tournament`, {
    courtsAvailable: 2, matchDurationMinutes: 20, breakBetweenMatches: 10, startTime: new Date(Date.now() - 100 * 60_000).toISOString(), poolCount: 1,
  });
  assert.equal(created.status(), 201, await created.text());
  const generated = await post(`/api/admin/tournaments/${(await created.json()).id}/generate-schedule`);
  assert.equal(generated.status(), 200, await generated.text());
  matches = (await generated.json()).matches;
  assert.deepEqual(perCourt(matches).map((list) => list.length), [3, 3], 'three rounds on each court');
  await admin.close();
});

test("the console and the event page show one 'En cours' per court; the later overdue ones are 'En retard' in the console, 'À venir' in public", async () => {
  const context = await adminContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/admin?tab=tournaments&event=${eventId}`);
  const cards = page.getByTestId('pool-phase').getByTestId('match-card');
  await cards.first().waitFor();
  await page.getByTestId('pool-phase').getByText('En retard', { exact: true }).first().waitFor();
  assert.equal(await page.getByTestId('pool-phase').getByText('En cours', { exact: true }).count(), 2, 'one per court');
  assert.equal(await page.getByTestId('pool-phase').getByText('En retard', { exact: true }).count(), 4);
  await context.close();

  const visitor = await newContext(suite.browser, { viewport: { width: 375, height: 812 } });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${suite.server.url}/event/${eventId}`);
  const list = publicPage.getByTestId('public-matches');
  await list.getByText('En cours', { exact: true }).first().waitFor();
  assert.equal(await list.getByText('En cours', { exact: true }).count(), 2, 'one per court');
  assert.equal(await list.getByText('À venir', { exact: true }).count(), 4);
  assert.equal(await list.getByText('En retard', { exact: true }).count(), 0, 'the public page does not say late');
  await visitor.close();
});

test("'Le match commence': a late match becomes the one its court plays", async () => {
  const [court1] = perCourt(matches);
  const late = court1[2];
  const context = await adminContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/admin?tab=tournaments&event=${eventId}`);
  const card = page.getByTestId('pool-phase').getByTestId('match-card').filter({ hasText: late.team1Name }).filter({ hasText: late.team2Name });
  await card.getByText('En retard', { exact: true }).waitFor();
  await card.tap();
  const dialog = page.getByRole('dialog', { name: 'Saisir le score du match' });
  await dialog.getByRole('button', { name: 'Le match commence', exact: true }).tap();
  await page.locator('.toast-root').getByText('Match commencé', { exact: true }).waitFor();
  await card.getByText('En cours', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('pool-phase').getByText('En cours', { exact: true }).count(), 2, 'still one per court');
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: globalThis.document.documentElement.scrollWidth, innerWidth: globalThis.innerWidth }));
  assert.ok(scrollWidth <= innerWidth, `no sideways scroll at 360 px (${scrollWidth} > ${innerWidth})`);
  await context.close();

  const visitor = await newContext(suite.browser);
  const answer = await (await visitor.request.get(`${suite.server.url}/api/events/${eventId}/tournament`)).json();
  const playing = answer.matches.filter((m) => m.court === 1 && m.status === 'in_progress').map((m) => m.id);
  assert.deepEqual(playing, [late.id]);
  await visitor.close();
});
