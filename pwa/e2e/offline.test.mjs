// Offline scoring end to end with the real server and Chromium: two admin phones A
// and B. A opens the Tournois tab once with network, the service worker takes control, the
// network goes (`context.setOffline(true)`), A reloads and still has the console, and scores
// two matches ('2 scores en attente'); B, online, scores one of them differently; A comes back:
// the badge counts down to nothing, one score applied, one conflict shown, which the admin
// settles, and the event page shows the final state. Two tabs of one phone, online together,
// send each entry once (the Web Lock). A phone offline half a second after the tab shows still
// has it after a reload; one that never opened it gets a clear offline screen. The status line
// says 'Hors ligne' when the server stops or every request fails while the browser still says it
// is online, and comes back by itself. The manifest makes the app installable.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPost, enterScore, launchProfile, newContext, openTournamentsTab, poolMatchCard, readsKept, signIn, useServerAndBrowser } from './harness.mjs';

/** A hung browser call fails its test instead of stalling the whole suite. */
const test = (name, fn) => nodeTest(name, { timeout: 240_000 }, fn);

const ADMIN_A = { email: 'chloe@example.org', firstName: 'Chloé', lastName: 'Chef' };
const ADMIN_B = { email: 'marc@example.org', firstName: 'Marc', lastName: 'Marqueur' };
const TEAMS = ['Les Huards', 'Les Castors', 'Les Loups', 'Les Ours'];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SYNC_PATH = '/api/admin/sync/scores';

const suite = useServerAndBrowser({ args: ['--admin-emails', `${ADMIN_A.email},${ADMIN_B.email}`] });

const post = (context, path, data) => apiPost(context, suite.server, path, data);

async function adminContext(admin, options = {}) {
  const context = await newContext(suite.browser, options);
  await signIn(context, suite.server, admin);
  return context;
}

/** An event today, four teams registered by four members, its tournament generated: its matches. */
async function tournamentToday(title) {
  const admin = await adminContext(ADMIN_A);
  const created = await post(admin, '/api/events', {
    title, titleEn: '', description: 'Tournoi amical.', descriptionEn: '', categoryId: 'volleyball', location: 'La Pêche',
    startDate: new Date(Date.now() + 3_600_000).toISOString(), endDate: null, price: 0, maxParticipants: null, requiresPayment: false,
  });
  assert.equal(created.status(), 201, await created.text());
  const eventId = (await created.json()).id;
  for (const [index, teamName] of TEAMS.entries()) {
    const email = `${title.replace(/\W/g, '').toLowerCase()}${index}@example.org`;
    const member = await newContext(suite.browser);
    await signIn(member, suite.server, { email, firstName: `Capitaine${index}`, lastName: 'Roy' });
    const registered = await post(member, `/api/events/${eventId}/register`, {
      eventId, teamName, captainFirstName: `Capitaine${index}`, captainLastName: 'Roy', captainEmail: email,
      member2FirstName: 'Alex', member2LastName: `Coéquipier${index}`, member2Email: `alex${index}.${email}`,
    });
    assert.equal(registered.status(), 201, await registered.text());
    await member.close();
  }
  const tournament = await post(admin, `/api/admin/events/${eventId}/tournament`, {
    courtsAvailable: 2, matchDurationMinutes: 20, breakBetweenMatches: 10, startTime: new Date(Date.now() - 10 * 60_000).toISOString(), poolCount: 1,
  });
  assert.equal(tournament.status(), 201, await tournament.text());
  const { id } = await tournament.json();
  const generated = await post(admin, `/api/admin/tournaments/${id}/generate-schedule`);
  assert.equal(generated.status(), 200, await generated.text());
  const { matches } = await generated.json();
  await admin.close();
  return { eventId, matches };
}




const badge = (page) => page.getByTestId('sync-badge');

async function expectNoAxeViolations(page, selector, label) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(summary, [], `axe violations on ${label}`);
}

test('phone A scores offline, phone B online; back online: one applied, one conflict settled, the event page shows it', async () => {
  const { eventId, matches } = await tournamentToday('Tournoi du quai');
  const [first, second] = matches.filter((m) => m.roundType === 'pool' && m.slotIndex === 0);
  assert.ok(first && second, 'two matches at the first slot, one per court');

  // Phone A, online: the console once, then the service worker controls the page.
  const contextA = await adminContext(ADMIN_A, PHONE);
  const pageA = await openTournamentsTab(contextA, suite.server, eventId, 'Prochains matchs à saisir');
  await pageA.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await pageA.reload();
  await pageA.getByRole('heading', { name: 'Prochains matchs à saisir' }).waitFor();
  await pageA.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const tournamentId = first.tournamentId;
  const reads = ['api/auth/user', 'api/admin/status', 'api/admin/events', `api/admin/events/${eventId}/tournament`,
    `api/admin/tournaments/${tournamentId}/matches`, `api/admin/tournaments/${tournamentId}/standings`, `api/admin/tournaments/${tournamentId}/conflicts`];
  await readsKept(pageA, reads);

  // Phone A is named after its scorekeeper at first ('Téléphone de Chloé'); she renames it.
  const nameA = pageA.getByTestId('device-name').getByLabel('Nom de cet appareil');
  assert.equal(await nameA.inputValue(), 'Téléphone de Chloé');
  await nameA.fill('Cellulaire du quai');
  await pageA.getByRole('button', { name: 'Enregistrer le nom' }).click();
  await pageA.locator('.toast-root').getByText("Nom de l'appareil enregistré", { exact: true }).waitFor();

  // No network: a reload still shows the console, from the precache and IndexedDB.
  await contextA.setOffline(true);
  await pageA.reload();
  await pageA.getByRole('heading', { name: 'Gestion des tournois' }).waitFor();
  await pageA.getByRole('heading', { name: 'Prochains matchs à saisir' }).waitFor();
  await poolMatchCard(pageA, first).waitFor();
  await enterScore(pageA, first, 21, 15);
  await badge(pageA).filter({ hasText: '1 score en attente' }).waitFor();
  await enterScore(pageA, second, 21, 10);
  await badge(pageA).filter({ hasText: '2 scores en attente' }).waitFor();
  assert.equal(await badge(pageA).getAttribute('aria-label'), '2 scores en attente de synchronisation');
  // Shown at once, waiting, with the standings recomputed on the phone.
  await poolMatchCard(pageA, first).getByText('En attente de synchronisation').waitFor();
  await poolMatchCard(pageA, second).getByText('En attente de synchronisation').waitFor();
  const standings = pageA.locator('#root').getByTestId('standings-table').locator('tbody tr');
  for (const winner of [first.team1Name, second.team1Name]) {
    await standings.filter({ hasText: winner }).locator('td.font-bold').getByText('3', { exact: true }).waitFor();
  }

  // Phone B, online, scores the first match differently: applied on the server at once.
  const contextB = await adminContext(ADMIN_B, PHONE);
  const pageB = await openTournamentsTab(contextB, suite.server, eventId, 'Prochains matchs à saisir');
  await pageB.getByTestId('device-name').getByLabel('Nom de cet appareil').and(pageB.locator('[value="Téléphone de Marc"]')).waitFor();
  await enterScore(pageB, first, 18, 21);
  await poolMatchCard(pageB, first).getByText('Terminé', { exact: true }).waitFor();
  await badge(pageB).waitFor({ state: 'detached' });

  // A comes back: the badge goes, one applied, one conflict for the admin to settle.
  await contextA.setOffline(false);
  await badge(pageA).waitFor({ state: 'detached' });
  const conflicts = pageA.getByRole('region', { name: 'Conflits de score (1)' });
  await conflicts.waitFor();
  await poolMatchCard(pageA, second).getByText('Terminé', { exact: true }).waitFor();
  const conflict = conflicts.getByTestId('score-conflict');
  await conflict.getByText(`${first.team1Name} contre ${first.team2Name}`).waitFor();
  await conflict.getByText('Saisi par Marc Marqueur').waitFor();
  await conflict.getByText('Saisi par Chloé Chef').waitFor();
  await conflict.getByText('Sur cet appareil').waitFor();
  // Phone B by its name, not by a number.
  await conflict.getByText('Appareil : Téléphone de Marc', { exact: true }).waitFor();
  const listed = await (await contextA.request.get(`${suite.server.url}/api/admin/tournaments/${tournamentId}/conflicts`)).json();
  assert.deepEqual([listed[0].current.deviceName, listed[0].proposed.deviceName], ['Téléphone de Marc', 'Cellulaire du quai']);
  await expectNoAxeViolations(pageA, '[data-testid="score-conflicts"]', 'the score conflicts panel (fr)');
  await conflicts.getByRole('button', { name: `Garder le score proposé : ${first.team1Name} contre ${first.team2Name}` }).click();
  await conflicts.waitFor({ state: 'detached' });
  assert.equal(await pageA.getByTestId('rejected-scores').count(), 0, 'nothing refused');

  // The event page, for anyone: A's two scores.
  const visitor = await newContext(suite.browser);
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${suite.server.url}/event/${eventId}`);
  for (const [match, team1Score, team2Score] of [[first, '21', '15'], [second, '21', '10']]) {
    const card = publicPage.getByTestId('public-match').filter({ hasText: match.team1Name }).filter({ hasText: match.team2Name }).first();
    await card.getByText('Terminé', { exact: true }).waitFor();
    await card.getByText(team1Score, { exact: true }).waitFor();
    await card.getByText(team2Score, { exact: true }).waitFor();
  }
  await Promise.all([visitor.close(), contextA.close(), contextB.close()]);
});

test('two tabs of one phone, online together, send each entry once', async () => {
  const { eventId, matches } = await tournamentToday('Tournoi des deux onglets');
  const pool = matches.filter((m) => m.roundType === 'pool');
  const context = await adminContext(ADMIN_A, PHONE);
  const bodies = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === SYNC_PATH) bodies.push(request.postDataJSON());
  });
  const tab1 = await openTournamentsTab(context, suite.server, eventId, 'Prochains matchs à saisir');
  const tab2 = await openTournamentsTab(context, suite.server, eventId, 'Prochains matchs à saisir');
  // Both tabs score at the same moment, twice over.
  await Promise.all([enterScore(tab1, pool[0], 21, 15), enterScore(tab2, pool[1], 21, 12)]);
  await Promise.all([enterScore(tab1, pool[2], 15, 21), enterScore(tab2, pool[3], 12, 21)]);
  for (const tab of [tab1, tab2]) {
    for (const match of pool.slice(0, 4)) await poolMatchCard(tab, match).getByText('Terminé', { exact: true }).waitFor();
    await badge(tab).waitFor({ state: 'detached' });
  }
  const sent = bodies.flatMap((body) => body.entries.map((entry) => `${body.deviceId}#${entry.seq}`));
  assert.equal(new Set(bodies.map((body) => body.deviceId)).size, 1, 'one device id for the phone');
  assert.deepEqual([...sent].sort(), [...new Set(sent)].sort(), `each (deviceId, seq) sent once: ${sent.join(', ')}`);
  assert.deepEqual(sent.map((key) => Number(key.split('#')[1])).sort(), [1, 2, 3, 4]);
  await context.close();
});

test('a session that ends offline: the push answers 401, the score waits, sign-in again sends it once', async () => {
  const { eventId, matches } = await tournamentToday('Tournoi de la session');
  const [match] = matches.filter((m) => m.roundType === 'pool' && m.slotIndex === 0);
  const tournamentId = match.tournamentId;

  // Online once: the service worker controls the page and the reads are kept.
  const context = await adminContext(ADMIN_A, PHONE);
  const pushes = [];
  context.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === SYNC_PATH) pushes.push(response.status());
  });
  const page = await openTournamentsTab(context, suite.server, eventId, 'Prochains matchs à saisir');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.getByRole('heading', { name: 'Prochains matchs à saisir' }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await readsKept(page, ['api/auth/user', 'api/admin/status', `api/admin/events/${eventId}/tournament`, `api/admin/tournaments/${tournamentId}/matches`]);

  // No network: a score waits; meanwhile the session ends.
  await context.setOffline(true);
  await enterScore(page, match, 21, 17);
  await badge(page).filter({ hasText: '1 score en attente' }).waitFor();
  await context.clearCookies();

  // Back online: the push answers 401, the score still waits and the phone asks to sign in again.
  await context.setOffline(false);
  const prompt = page.getByRole('alert').filter({ hasText: 'Votre session a expiré' });
  await prompt.waitFor();
  assert.ok(pushes.includes(401), `the push was refused for want of a session: ${pushes.join(', ')}`);
  await badge(page).filter({ hasText: '1 score en attente' }).waitFor();
  await poolMatchCard(page, match).getByText('En attente de synchronisation').waitFor();

  // The scorekeeper signs in again (the development sign-in form) and comes back to the console.
  await prompt.getByRole('button', { name: 'Se reconnecter' }).click();
  await page.getByRole('heading', { name: 'Connexion de développement' }).waitFor();
  await page.getByLabel('Courriel').fill(ADMIN_A.email);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: 'Prochains matchs à saisir' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/admin');

  // Sync resumes: the badge goes, the match is completed with the phone's score, applied once.
  await badge(page).waitFor({ state: 'detached' });
  const card = poolMatchCard(page, match);
  await card.getByText('Terminé', { exact: true }).waitFor();
  await card.getByText('21', { exact: true }).waitFor();
  await card.getByText('17', { exact: true }).waitFor();
  assert.equal(await page.getByRole('alert').filter({ hasText: 'Votre session a expiré' }).count(), 0);
  assert.equal(await page.getByTestId('rejected-scores').count(), 0, 'nothing refused');
  const history = await context.request.get(`${suite.server.url}/api/admin/matches/${match.id}/history`);
  assert.equal(history.status(), 200, await history.text());
  const rows = await history.json();
  assert.equal(rows.length, 1, `scored exactly once: ${JSON.stringify(rows)}`);
  assert.deepEqual([rows[0].team1Score, rows[0].team2Score], [21, 17]);
  assert.equal(pushes.at(-1), 200, `the last push went through: ${pushes.join(', ')}`);
  await context.close();
});

test('offline as soon as the Tournois tab shows, a reload still has the tournament; opened offline before, a clear offline screen', async () => {
  const { eventId, matches } = await tournamentToday('Tournoi du départ');
  const [match] = matches.filter((m) => m.roundType === 'pool' && m.slotIndex === 0);

  // The first visit ever on this phone: no waiting for the page to settle. The network goes as
  // soon as the app's files are kept (the service worker is ready, which a loaded machine may
  // take more than half a second to install): the tab's reads must be kept by then already.
  const context = await adminContext(ADMIN_A, PHONE);
  const page = await openTournamentsTab(context, suite.server, eventId, 'Prochains matchs à saisir');
  await poolMatchCard(page, match).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Gestion des tournois' }).waitFor();
  await page.getByRole('heading', { name: 'Prochains matchs à saisir' }).waitFor();
  await poolMatchCard(page, match).waitFor();
  await page.getByTestId('offline-line').getByText('Hors ligne · 0 score en attente', { exact: true }).waitFor();
  await context.close();

  // A phone that has the app (its service worker) but never opened the console: offline, /admin
  // says what to do, in French, then in English; no 404, no sign-in that cannot work.
  const fresh = await newContext(suite.browser, PHONE);
  const home = await fresh.newPage();
  await home.goto(`${suite.server.url}/`);
  await home.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await fresh.setOffline(true);
  const offline = await fresh.newPage();
  await offline.goto(`${suite.server.url}/admin`);
  await offline.getByText("Pas de réseau. Ouvrez l'onglet Tournois une fois avec le réseau pour l'avoir hors ligne.", { exact: true }).waitFor();
  assert.equal(await offline.getByText('404').count(), 0, 'no not-found screen');
  assert.equal(await offline.getByRole('link', { name: 'Connexion' }).count(), 0, 'no sign-in button');
  await offline.evaluate(() => localStorage.setItem('centre.lang', 'en'));
  await offline.reload();
  await offline.getByText('No network. Open the Tournaments tab once with the network to have it offline.', { exact: true }).waitFor();
  await fresh.close();
});

/** Records every text the Tournois tab's status line shows from now on, in order (`globalThis.lines`). */
async function recordLine(page) {
  await page.evaluate(() => {
    const node = globalThis.document.querySelector('[data-testid="offline-line"]');
    globalThis.lines = [node.textContent];
    new globalThis.MutationObserver(() => {
      if (globalThis.lines.at(-1) !== node.textContent) globalThis.lines.push(node.textContent);
    }).observe(node, { childList: true, characterData: true, subtree: true });
  });
}

/**
 * While `cut` keeps the server from answering (the browser still says it is online), the line
 * says 'Hors ligne' and counts a score entered meanwhile; once `restore` lets it answer again,
 * the line goes through 'Synchronisation…' to 'Prêt hors ligne', and the score is applied once.
 */
async function statusLineThroughCut(title, cut, restore) {
  const { eventId, matches } = await tournamentToday(title);
  const [match] = matches.filter((m) => m.roundType === 'pool' && m.slotIndex === 0);
  const context = await adminContext(ADMIN_A, PHONE);
  const page = await openTournamentsTab(context, suite.server, eventId, 'Prochains matchs à saisir');
  await poolMatchCard(page, match).waitFor();
  const line = page.getByTestId('offline-line');
  const ready = /^Prêt hors ligne · à jour à \d\d:\d\d$/;
  await line.getByText(ready).waitFor();
  try {
    await cut(context);
    // Nothing asked of the server meanwhile: the line's own probe finds out.
    await line.getByText('Hors ligne · 0 score en attente', { exact: true }).waitFor({ timeout: 30_000 });
    assert.equal(await page.evaluate(() => navigator.onLine), true, 'the browser still says it is online');
    await enterScore(page, match, 21, 19);
    await line.getByText('Hors ligne · 1 score en attente', { exact: true }).waitFor();
    await recordLine(page);
  } finally {
    await restore(context);
  }
  // The score applied, then the line ready: a newer answer (the live stream's refetch of the
  // applied score) may say 'Synchronisation…' once more while it is kept on the phone.
  await poolMatchCard(page, match).getByText('Terminé', { exact: true }).waitFor({ timeout: 30_000 });
  await page.waitForFunction((source) => new RegExp(source).test(globalThis.lines.at(-1)), ready.source, { timeout: 30_000 });
  const lines = await page.evaluate(() => globalThis.lines);
  const syncing = lines.indexOf('Synchronisation…');
  assert.ok(syncing > 0 && lines.slice(0, syncing).every((text) => text.startsWith('Hors ligne')), `Hors ligne, then Synchronisation…, then Prêt: ${lines.join(' | ')}`);
  const history = await (await context.request.get(`${suite.server.url}/api/admin/matches/${match.id}/history`)).json();
  assert.deepEqual(history.map((row) => [row.team1Score, row.team2Score]), [[21, 19]], 'scored exactly once');
  await context.close();
}

test("the server stops while the Tournois tab stays up: 'Hors ligne' though the browser says online; it comes back: synchronised, applied once", async () => {
  await statusLineThroughCut(
    'Tournoi du serveur arrêté',
    () => suite.server.halt(),
    () => suite.server.resume(),
  );
});

test("every request fails (route interception) while navigator.onLine stays true: 'Hors ligne'; they pass again: synchronised, applied once", async () => {
  const api = `${suite.server.url}/api/**`;
  await statusLineThroughCut(
    'Tournoi du faux réseau',
    (context) => context.route(api, (route) => route.abort('internetdisconnected')),
    (context) => context.unroute(api),
  );
});

test('the manifest: French name, standalone, icons 192 and 512 (one maskable) that are such PNGs', async () => {
  const response = await fetch(`${suite.server.url}/manifest.webmanifest`);
  assert.equal(response.status, 200);
  const manifest = await response.json();
  assert.equal(manifest.name, 'Centre plein air de La Pêche');
  assert.equal(manifest.lang, 'fr');
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.id, '/');
  assert.equal(manifest.start_url, '/');
  const sizes = manifest.icons.map((icon) => icon.sizes);
  assert.ok(sizes.includes('192x192') && sizes.includes('512x512'), JSON.stringify(manifest.icons));
  assert.ok(manifest.icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'maskable'), 'a maskable 512 icon');
  assert.ok(manifest.icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'any'), 'a 512 icon for any use');
  for (const icon of manifest.icons) {
    const file = await fetch(new URL(icon.src, suite.server.url));
    assert.equal(file.status, 200, icon.src);
    assert.equal(file.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await file.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${icon.src} is a PNG`);
    const [width, height] = icon.sizes.split('x').map(Number);
    assert.equal(bytes.readUInt32BE(16), width, `${icon.src} width`);
    assert.equal(bytes.readUInt32BE(20), height, `${icon.src} height`);
  }
});

// Lighthouse 12 dropped its installability audit; it read Chromium's own verdict, which this asks
// for directly (the DevTools protocol's Page.getInstallabilityErrors) once the worker is ready.
test('Chromium finds the app installable', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'centre-profile-'));
  const context = await launchProfile(dir, PHONE);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], JSON.stringify(installabilityErrors));
  await context.close();
  await rm(dir, { recursive: true, force: true });
});
