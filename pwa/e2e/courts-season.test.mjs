// The reservation page out of season, in Chromium against the real server, both on 20 November
// 2026: the server's court clock by `--today`, the browser's by Playwright's clock. The page
// states the season and the hours the server gives, opens its calendar on May with 'La saison
// ouvre le 15 mai', marks the days before it closed (with 'Fermé' in the legend), and a day
// typed dd/MM/yyyy, or picked with the keyboard, is booked as that day at the centre: with a
// French browser at the centre, and with an English browser in Tokyo (where it is already the
// 21st), in French and in English. axe finds nothing to fault on the page, before and after a
// date it cannot read.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { newContext, signIn, useServerAndBrowser } from './harness.mjs';

// 15:00 in Toronto on 20 November 2026: 05:00 on the 21st in Tokyo.
const NOW = new Date('2026-11-20T20:00:00Z');
const suite = useServerAndBrowser({ args: ['--today', '2026-11-20'] });

/** A browser on 20 November 2026 (any language and zone), signed in as `person`, on /reservations. */
async function reservationPage(person, options = {}, lang = null) {
  const context = await newContext(suite.browser, options);
  await context.clock.setFixedTime(NOW);
  if (lang) await context.addInitScript((value) => localStorage.setItem('centre.lang', value), lang);
  await signIn(context, suite.server, person);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/reservations`);
  return { context, page, calendar: page.getByTestId('availability-calendar') };
}

async function expectNoAxeViolations(page, label) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(summary, [], `axe violations on ${label}`);
}

/** The signed-in member's bookings, as the API answers them. */
async function myBookings(context) {
  const response = await context.request.get(`${suite.server.url}/api/user/court-bookings`);
  assert.equal(response.status(), 200);
  return response.json();
}

/** Picks `court`'s slot at `time` and books it with a phone number; waits for the summary. */
async function book(page, court, time) {
  await page.getByRole('radio', { name: new RegExp(court) }).check();
  await page.locator(`[data-testid="slot"][data-time="${time}"]`).click();
  await page.getByLabel('Téléphone').fill('819-555-0123');
  await page.getByRole('button', { name: 'Réserver' }).click();
  const summary = page.getByTestId('booking-summary');
  await summary.getByRole('heading', { name: 'Réservation confirmée' }).waitFor();
  return summary.innerText();
}

describe('the reservation page out of season', () => {
  test('a French browser at the centre: the season, May, closed days, and a day typed dd/MM/yyyy', async () => {
    const { context, page, calendar } = await reservationPage({ email: 'hiver@example.org', firstName: 'Hélène', lastName: 'Hiver' });
    const season = page.getByTestId('court-season');
    await season.getByRole('heading', { name: "Saison et heures d'ouverture" }).waitFor();
    const said = await season.innerText();
    assert.match(said, /Saison : 15 mai – 30 septembre 2027/, said);
    assert.match(said, /Heures : tous les jours, de 08:00 à 21:00/, said);

    // The calendar opens on the season's first month, and says when it opens.
    await calendar.getByRole('heading', { name: /mai 2027/i }).waitFor();
    await calendar.getByText('La saison ouvre le 15 mai', { exact: true }).waitFor();
    for (const legend of ['Disponible', 'Partiellement réservé', 'Complet', 'Fermé']) {
      await calendar.getByText(legend, { exact: true }).waitFor();
    }
    // Weeks start on Monday; 1 May 2027 is a Saturday.
    assert.equal(await calendar.locator('abbr').first().getAttribute('title'), 'lundi');
    const fourteenth = calendar.locator('button[data-date="2027-05-14"]');
    assert.equal(await fourteenth.getAttribute('data-status'), 'closed');
    assert.equal(await fourteenth.isDisabled(), true);
    assert.equal(await fourteenth.getAttribute('aria-label'), '14 mai 2027 : Fermé');
    assert.equal(await calendar.locator('button[data-date="2027-05-15"]').getAttribute('data-status'), 'available');
    await expectNoAxeViolations(page, '/reservations out of season');
    // April is closed, not full.
    await calendar.getByRole('button', { name: 'Mois précédent' }).click();
    await calendar.getByRole('heading', { name: /avril 2027/i }).waitFor();
    await calendar.locator('button[data-date="2027-04-30"]').waitFor();
    assert.equal(await calendar.locator('button[data-status="closed"]').count(), 30);
    assert.equal(await calendar.locator('button[data-status="full"]').count(), 0);
    await calendar.getByRole('button', { name: 'Mois suivant' }).click();

    // With the keyboard: the 15th of May from the calendar fills the field the French way.
    await calendar.locator('button[data-date="2027-05-15"]').focus();
    await page.keyboard.press('Enter');
    const field = page.getByLabel('Date de la réservation');
    assert.equal(await field.inputValue(), '15/05/2027');
    assert.equal(await field.getAttribute('placeholder'), 'jj/mm/aaaa');
    await page.getByText('15 mai 2027', { exact: true }).waitFor();

    // Typed: a day that does not exist, nothing, a past day, each say so.
    await field.fill('');
    await field.pressSequentially('31/02/2027');
    await page.keyboard.press('Tab');
    await page.getByRole('alert').getByText('Date invalide : écrivez-la jj/mm/aaaa.').waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    await expectNoAxeViolations(page, '/reservations with a date that cannot be read');
    await page.getByText("Veuillez d'abord choisir une date").waitFor();
    await field.fill('');
    await page.keyboard.press('Tab');
    await page.getByRole('alert').getByText('Date requise', { exact: true }).waitFor();
    await field.fill('19/11/2026');
    await page.getByRole('alert').getByText("La date ne peut pas être antérieure à aujourd'hui.").waitFor();

    // 20/05/2027 is the 20th of May (never the browser's month first), booked as that day.
    await field.fill('');
    await field.pressSequentially('20/05/2027');
    await page.getByText('20 mai 2027', { exact: true }).waitFor();
    assert.equal(await calendar.locator('button[data-date="2027-05-20"]').getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByRole('alert').count(), 0);
    const summary = await book(page, 'Terrain de volleyball 1', '10:00');
    assert.ok(summary.includes('20 mai 2027') && summary.includes('10:00 à 11:00'), summary);
    const [booking] = await myBookings(context);
    // 10:00 in Toronto in May (UTC−4).
    assert.equal(booking.startTime, '2027-05-20T14:00:00Z');
    assert.equal(booking.courtName, 'Terrain de volleyball 1');
    await context.close();
  });

  test('an English browser in Tokyo: the same days, the centre’s today, and dd/MM/yyyy', async () => {
    const { context, page, calendar } = await reservationPage(
      { email: 'tokyo@example.org', firstName: 'Kenji', lastName: 'Sato' },
      { locale: 'en-US', timezoneId: 'Asia/Tokyo' },
    );
    await calendar.getByRole('heading', { name: /mai 2027/i }).waitFor();
    await calendar.getByText('La saison ouvre le 15 mai', { exact: true }).waitFor();
    assert.equal(await calendar.locator('abbr').first().getAttribute('title'), 'lundi');
    const field = page.getByLabel('Date de la réservation');
    assert.equal(await field.getAttribute('placeholder'), 'jj/mm/aaaa');
    // The 21st in Tokyo, still the 20th at the centre: today, not a past day.
    await field.fill('20/11/2026');
    await page.getByText('20 novembre 2026', { exact: true }).waitFor();
    assert.equal(await page.getByRole('alert').count(), 0);
    await calendar.getByRole('heading', { name: /novembre 2026/i }).waitFor();
    await field.fill('19/11/2026');
    await page.getByRole('alert').getByText("La date ne peut pas être antérieure à aujourd'hui.").waitFor();

    await field.fill('21/05/2027');
    await page.getByText('21 mai 2027', { exact: true }).waitFor();
    const summary = await book(page, 'Terrain de volleyball 2', '11:00');
    assert.ok(summary.includes('21 mai 2027') && summary.includes('11:00 à 12:00'), summary);
    const [booking] = await myBookings(context);
    assert.equal(booking.startTime, '2027-05-21T15:00:00Z');
    await context.close();
  });

  test('in English: the season, the hours, "Closed" and "The season opens on May 15"', async () => {
    const { context, page, calendar } = await reservationPage(
      { email: 'winter@example.org', firstName: 'Wendy', lastName: 'Winter' },
      { locale: 'en-US', timezoneId: 'Asia/Tokyo' },
      'en',
    );
    const season = page.getByTestId('court-season');
    await season.getByRole('heading', { name: 'Season and opening hours' }).waitFor();
    const said = await season.innerText();
    assert.match(said, /Season: May 15\s?–\s?September 30, 2027/, said);
    assert.match(said, /Hours: every day, 08:00 to 21:00/, said);
    await calendar.getByRole('heading', { name: /May 2027/ }).waitFor();
    await calendar.getByText('The season opens on May 15', { exact: true }).waitFor();
    await calendar.getByText('Closed', { exact: true }).waitFor();
    assert.equal(await calendar.locator('button[data-date="2027-05-14"]').getAttribute('aria-label'), 'May 14th, 2027: Closed');
    const field = page.getByLabel('Booking date');
    assert.equal(await field.getAttribute('placeholder'), 'dd/mm/yyyy');
    await field.fill('21/05/2027');
    await page.getByText('May 21st, 2027', { exact: true }).waitFor();
    await page.getByRole('radio', { name: /Volleyball court 2/ }).check();
    // The 11:00 booked from Tokyo above shows as reserved.
    const taken = page.locator('[data-testid="slot"][data-time="11:00"]');
    await taken.waitFor();
    assert.equal(await taken.isDisabled(), true);
    await context.close();
  });
});
