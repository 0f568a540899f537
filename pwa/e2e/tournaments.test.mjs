// Tournaments end to end with the real server and Chromium: an admin creates an event today and
// six members register their teams through the API (six dev sign-ins); in the console's Tournois
// tab the admin creates the tournament (it started a few minutes ago, so the first matches are
// 'En cours'), generates the schedule, prints it, and scores a match in the dialog on a
// phone-sized screen while a second page on /event/{id} shows the new score and standings
// without a reload; a member whose team plays sees 'Votre équipe' with the next match (and it
// on the member home); axe finds nothing on the Tournois tab and the event page in French and
// English.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { newContext, openTournamentsTab, signIn, toast, useServerAndBrowser } from './harness.mjs';

/** A hung browser call fails its test instead of stalling the whole suite. */
const test = (name, fn) => nodeTest(name, { timeout: 180_000 }, fn);

const ADMIN = 'chef@example.org';
const TITLE = 'Tournoi de volley du lac';
const TEAMS = ['Les Huards', 'Les Castors', 'Les Loups', 'Les Ours', 'Les Renards', 'Les Hiboux'];
const member = (n) => ({ email: `capitaine${n}@example.org`, firstName: `Capitaine${n}`, lastName: 'Roy' });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let eventId;

const suite = useServerAndBrowser({ args: ['--admin-emails', ADMIN] });

/** Wall-clock parts at the centre of an instant. */
function centreParts(date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    })
      .formatToParts(date)
      .map(({ type, value }) => [type, value]),
  );
  return parts;
}

/** `HH:MM` at the centre, as the PWA shows times. */
const centreTime = (iso) => {
  const p = centreParts(new Date(iso));
  return `${p.hour}:${p.minute}`;
};

/** The datetime-local value of the tournament's start: ten minutes ago at the centre (never yesterday). */
function startInput() {
  const now = new Date();
  const today = centreParts(now);
  const earlier = centreParts(new Date(now.getTime() - 10 * 60_000));
  const sameDay = earlier.day === today.day;
  return sameDay ? `${earlier.year}-${earlier.month}-${earlier.day}T${earlier.hour}:${earlier.minute}` : `${today.year}-${today.month}-${today.day}T00:00`;
}

async function expectNoAxeViolations(page, label) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(summary, [], `axe violations on ${label}`);
}

async function adminContext(options = {}) {
  const context = await newContext(suite.browser, options);
  await signIn(context, suite.server, { email: ADMIN, firstName: 'Chloé', lastName: 'Chef' });
  return context;
}

async function memberContext(n, options = {}) {
  const context = await newContext(suite.browser, options);
  await signIn(context, suite.server, member(n));
  return context;
}


test('an event today with six teams registered by six members', async () => {
  const admin = await adminContext();
  const created = await admin.request.post(`${suite.server.url}/api/events`, {
    headers: { Origin: suite.server.url },
    data: {
      title: TITLE, titleEn: 'Lake volleyball tournament', description: 'Tournoi amical en équipes de 4.', descriptionEn: '',
      categoryId: 'volleyball', location: 'La Pêche', startDate: new Date(Date.now() + 3_600_000).toISOString(), endDate: null,
      price: 0, maxParticipants: null, requiresPayment: false,
    },
  });
  assert.equal(created.status(), 201, await created.text());
  eventId = (await created.json()).id;
  await admin.close();

  for (const [index, teamName] of TEAMS.entries()) {
    const n = index + 1;
    const context = await memberContext(n);
    const { email, firstName, lastName } = member(n);
    const response = await context.request.post(`${suite.server.url}/api/events/${eventId}/register`, {
      headers: { Origin: suite.server.url },
      data: {
        eventId, teamName, captainFirstName: firstName, captainLastName: lastName, captainEmail: email,
        member2FirstName: 'Alex', member2LastName: `Coéquipier${n}`, member2Email: `alex${n}@example.org`,
      },
    });
    assert.equal(response.status(), 201, await response.text());
    await context.close();
  }
});

test('the admin creates the tournament in the Tournois tab, sees the estimates and generates the schedule', async () => {
  const context = await adminContext();
  const page = await openTournamentsTab(context, suite.server, eventId);
  const day = centreParts(new Date(Date.now() + 3_600_000));
  const select = page.getByLabel('Événement');
  assert.equal(await select.locator('option:checked').textContent(), `${TITLE} - ${day.day}/${day.month}/${day.year}`);

  // A number out of range: centre-core's message, as the server would send it.
  await page.getByLabel('Nombre de terrains (1 à 4)').fill('9');
  await page.getByRole('button', { name: 'Créer le tournoi' }).click();
  await page.getByLabel('Nombre de terrains (1 à 4)').and(page.locator('[aria-invalid="true"]')).waitFor();
  await page.getByLabel('Nombre de terrains (1 à 4)').fill('2');
  await page.getByLabel('Date et heure de début').fill(startInput());
  await page.getByRole('button', { name: 'Créer le tournoi' }).click();
  await toast(page, 'Tournoi créé').waitFor();

  const status = page.getByTestId('tournament-status');
  await status.getByText('Configuration', { exact: true }).waitFor();
  await status.getByText('20 min', { exact: true }).waitFor();
  await status.getByText('10 min', { exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Créer le tournoi' }).isDisabled(), true, 'one tournament per event');
  // Six teams: 1, 2 or 3 pools, each with its end time, the current choice marked.
  const estimates = page.getByTestId('pool-estimates');
  await estimates.getByText('Choix actuel').waitFor();
  assert.ok((await estimates.getByRole('row').count()) >= 3, 'a row per pool count that fits');
  await expectNoAxeViolations(page, 'Tournois tab, setup (fr)');

  await status.getByRole('button', { name: "Générer l'horaire" }).click();
  await toast(page, 'Horaire généré').waitFor();
  await status.getByText('En cours', { exact: true }).waitFor();
  assert.equal(await status.getByRole('button', { name: "Générer l'horaire" }).isDisabled(), true);
  const quality = page.getByTestId('schedule-quality');
  await quality.getByText('Créneaux utilisés').waitFor();
  await quality.getByText(/minimum possible/).waitFor();
  await quality.getByText("Plus longue attente d'une équipe").waitFor();

  // Standings: the six teams, the top 2 'Finale', 3 and 4 'Demi-finale'; the knockout not yet drawn.
  // (Inside #root: the print view beside it holds the same tables, hidden on screen.)
  const app = page.locator('#root');
  await app.getByText('Victoire 3 pts, Nul 1 pt, Défaite 0 pt').waitFor();
  const rows = app.getByTestId('standings-table').locator('tbody tr');
  assert.equal(await rows.count(), 6);
  assert.equal(await rows.nth(0).getAttribute('data-zone'), 'final');
  assert.equal(await rows.nth(3).getAttribute('data-zone'), 'semifinal');
  await page.getByRole('tab', { name: 'Classement général' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getByRole('tab', { name: 'Quart de finale' }).getAttribute('aria-selected'), 'true');
  await page.getByText("Les quarts de finale ne sont pas encore disponibles. Terminez d'abord la phase de poules.").waitFor();
  await page.keyboard.press('Home');

  // The schedule: pool phase rounds, the first ones 'En cours' on the event page (their time has come).
  const schedule = page.getByTestId('admin-schedule');
  await schedule.getByRole('heading', { name: 'Prochains matchs à saisir' }).waitFor();
  await schedule.getByTestId('pool-phase').getByText('Ronde 1', { exact: true }).first().waitFor();
  await expectNoAxeViolations(page, 'Tournois tab, schedule generated (fr)');

  // 'Imprimer' prints; on paper the console is hidden and the print view shows alone.
  await page.evaluate(() => {
    globalThis.printed = 0;
    globalThis.print = () => {
      globalThis.printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Imprimer' }).click();
  assert.equal(await page.evaluate(() => globalThis.printed), 1);
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('#root').isVisible(), false, 'the console is hidden on paper');
  assert.equal(await page.getByTestId('print-view').isVisible(), true);
  assert.equal(await page.getByTestId('print-view').locator('.print-page').count(), 1, 'one pool: one page');
  await page.emulateMedia({ media: 'screen' });
  assert.equal(await page.getByTestId('print-view').isVisible(), false);
  await context.close();
});

test('a score entered on a phone shows on the event page without a reload', async () => {
  // The event page, open as a visitor, before the score.
  const visitor = await newContext(suite.browser);
  const publicPage = await visitor.newPage();
  const streams = [];
  publicPage.on('request', (request) => {
    if (request.url().endsWith(`/api/events/${eventId}/tournament/stream`)) streams.push(request.url());
  });
  await publicPage.goto(`${suite.server.url}/event/${eventId}`);
  await publicPage.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  const publicMatches = publicPage.getByTestId('public-match');
  await publicMatches.first().waitFor();
  await publicMatches.filter({ hasText: 'En cours' }).first().waitFor();
  await publicMatches.filter({ hasText: 'À venir' }).first().waitFor();
  assert.equal(await publicPage.getByTestId('public-standing').filter({ hasText: '3 pts' }).count(), 0, 'nobody has points yet');
  await publicPage.evaluate(() => {
    globalThis.sameDocument = true;
  });

  // The admin, on a phone at the courts, taps the first match to score.
  const context = await adminContext(PHONE);
  const page = await openTournamentsTab(context, suite.server, eventId);
  const next = page.getByTestId('next-to-score').getByTestId('match-card').first();
  await next.waitFor();
  const box = await next.boundingBox();
  assert.ok(box && box.height >= 44 && box.width <= 390, `a large tap target that fits the screen: ${JSON.stringify(box)}`);
  const matchText = await next.textContent();
  await next.tap();
  const dialog = page.getByRole('dialog', { name: 'Saisir le score du match' });
  await dialog.waitFor();
  const inputs = dialog.getByRole('spinbutton');
  assert.equal(await inputs.count(), 2);
  // Each input is labelled with its team's name (the asterisk marks it required).
  const [team1, team2] = (await dialog.locator('label').allInnerTexts()).map((text) => text.replace('*', '').trim());
  assert.ok(TEAMS.includes(team1) && TEAMS.includes(team2) && matchText.includes(team1) && matchText.includes(team2), `labelled with the teams: ${team1}, ${team2}`);
  assert.equal(await inputs.nth(0).getAttribute('inputmode'), 'numeric');
  assert.equal(await inputs.nth(0).getAttribute('min'), '0');
  const save = dialog.getByRole('button', { name: 'Enregistrer' });
  assert.equal(await save.isDisabled(), true, 'disabled until both scores are filled');
  await inputs.nth(0).fill('21');
  assert.equal(await save.isDisabled(), true);
  await inputs.nth(1).fill('15');
  const saveBox = await save.boundingBox();
  assert.ok(saveBox && saveBox.height >= 44, 'Enregistrer is a large tap target');
  await save.tap();
  await toast(page, 'Score mis à jour').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  // The completed pool match offers a correction while the bracket is not drawn.
  await page.getByRole('button', { name: `Corriger le score : ${team1} contre ${team2}` }).waitFor();

  // The event page follows without a reload: the score, 'Terminé', and three points for the winner.
  const scored = publicMatches.filter({ hasText: team1 }).filter({ hasText: team2 });
  await scored.getByText('Terminé', { exact: true }).waitFor();
  await scored.getByText('21', { exact: true }).waitFor();
  await scored.getByText('15', { exact: true }).waitFor();
  await publicPage.getByTestId('public-standing').filter({ hasText: team1 }).filter({ hasText: '3 pts' }).waitFor();
  const first = publicPage.getByTestId('public-standing').first();
  assert.ok((await first.textContent()).includes(team1), 'the winner leads the Classement');
  await first.getByRole('img', { name: "Médaille d'or" }).waitFor();
  assert.equal(await publicPage.evaluate(() => globalThis.sameDocument), true, 'no reload');
  assert.equal(streams.length, 1, 'one EventSource on the tournament stream');
  await context.close();
  await visitor.close();
});

test("a member whose team plays sees 'Votre équipe' with the next match, and it on the home page", async () => {
  const context = await memberContext(1);
  const team = await (await context.request.get(`${suite.server.url}/api/events/${eventId}/user-team`)).json();
  assert.equal(team.teamName, TEAMS[0]);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/event/${eventId}`);
  const card = page.getByTestId('your-team');
  await card.getByRole('heading', { name: 'Votre équipe' }).waitFor();
  await card.getByText(TEAMS[0], { exact: true }).waitFor();
  await card.getByText('Capitaine : Capitaine1 Roy').waitFor();
  const next = card.getByTestId('your-next-match');
  assert.ok(team.nextMatch, 'five pool matches each: the team has another one to play');
  const opponent = team.nextMatch.team1Id === team.teamId ? team.nextMatch.team2Name : team.nextMatch.team1Name;
  await next.getByText(`Contre ${opponent}`).waitFor();
  await next.getByText(new RegExp(`${centreTime(team.nextMatch.scheduledTime)} · Terrain ${team.nextMatch.court}`)).waitFor();
  // The member's own row stands out in the Classement.
  await page.locator('[data-testid="public-standing"][aria-current="true"]').filter({ hasText: TEAMS[0] }).waitFor();

  // The member home shows the same next match: team, time and court.
  await page.goto(suite.server.url);
  const home = page.getByTestId('home-next-match');
  await home.getByRole('heading', { name: 'Votre prochain match' }).waitFor();
  await home.getByText(`Équipe : ${TEAMS[0]}`).waitFor();
  await home.getByText(new RegExp(`${centreTime(team.nextMatch.scheduledTime)}$`)).waitFor();
  await home.getByText(`Terrain ${team.nextMatch.court}`, { exact: true }).waitFor();
  await context.close();
});

test('axe finds no violation on the Tournois tab and the event page, in French and English', async () => {
  for (const lang of ['fr', 'en']) {
    const context = await adminContext();
    await context.addInitScript((value) => localStorage.setItem('centre.lang', value), lang);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/admin?tab=tournaments&event=${eventId}`);
    await page.getByRole('heading', { name: lang === 'fr' ? 'Gestion des tournois' : 'Tournament management' }).waitFor();
    await page.getByRole('heading', { name: lang === 'fr' ? 'Prochains matchs à saisir' : 'Next matches to score' }).waitFor();
    await page.locator('#root').getByTestId('standings-table').waitFor();
    await expectNoAxeViolations(page, `Tournois tab (${lang})`);

    await page.goto(`${suite.server.url}/event/${eventId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('heading', { name: lang === 'fr' ? 'Classement' : 'Standings', exact: true }).waitFor();
    // Round names and badges come from the PWA's own translations.
    const first = page.getByTestId('public-match').first();
    await first.getByText(lang === 'fr' ? 'Ronde 1' : 'Round 1', { exact: true }).waitFor();
    await first.getByText(lang === 'fr' ? 'Terminé' : 'Completed', { exact: true }).waitFor();
    await expectNoAxeViolations(page, `event page (${lang})`);
    await context.close();
  }
  // A member with a team: the 'Votre équipe' card too.
  const context = await memberContext(2, {});
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/event/${eventId}`);
  await page.getByTestId('your-team').waitFor();
  await expectNoAxeViolations(page, 'event page with Votre équipe (fr)');
  await context.close();
});
