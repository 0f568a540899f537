// Court reservations in Chromium against the real server: a member books through the page (date
// from the month calendar, court, slot, contact, summary) and gets the e-mail with its .ics; the
// booking shows in /my-registrations and as reserved for another member (on a phone-sized
// screen); an admin filters and cancels it in the Réservations tab; a supervisor reads the tab
// without a cancel button; a closed day, a slot taken in between and a member's own
// cancellation. The courts' season is 15 May–30 September: the dates are next summer, typed
// dd/MM/yyyy. (courts-season.test.mjs: the page out of season.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { grantAdmin, newContext, signIn, toast, useServerAndBrowser } from './harness.mjs';

/** Next summer's 15 June at the centre, 'YYYY-MM-DD' and as typed (dd/MM/yyyy), and its French month heading. */
function nextSeasonDay() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  const year = Number(today.slice(0, 4)) + (today.slice(5) < '05-15' ? 0 : 1);
  return { day: `${year}-06-15`, typed: `15/06/${year}`, year, month: `juin ${year}` };
}
const { day, typed, year, month } = nextSeasonDay();


/** Books one hour from `startUtc` as the signed-in `context`, like the page would; expects 201. */
async function bookThroughApi(context, person, startUtc) {
  const start = new Date(startUtc);
  const response = await context.request.post(`${suite.server.url}/api/courts/book`, {
    headers: { Origin: suite.server.url },
    data: {
      ...person,
      phone: '819-555-0123',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    },
  });
  assert.equal(response.status(), 201, await response.text());
}

const suite = useServerAndBrowser({ smtp: true });

describe('court reservations', () => {
  test('a member books a slot through the page and finds it in /my-registrations', async () => {
    const context = await newContext(suite.browser);
    await signIn(context, suite.server, { email: 'marie@example.org', firstName: 'Marie', lastName: 'Tremblay Roy' });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/reservations`);
    await page.getByRole('heading', { level: 1, name: 'Réservation de terrains' }).waitFor();
    await page.getByText("Veuillez d'abord choisir une date").waitFor();
    for (const side of ['Besoin d\'aide ?', 'Utilisation gratuite', 'Location de ballons', 'Réservation obligatoire']) {
      await page.getByRole('heading', { name: side }).waitFor();
    }
    const calendar = page.getByTestId('availability-calendar');
    for (const legend of ['Disponible', 'Partiellement réservé', 'Complet', 'Fermé']) {
      await calendar.getByText(legend, { exact: true }).waitFor();
    }
    // Move the month calendar to next June and pick the 15th.
    for (let i = 0; i < 12 && !(await calendar.getByRole('heading', { name: new RegExp(month, 'i') }).count()); i++) {
      await calendar.getByRole('button', { name: 'Mois suivant' }).click();
    }
    await calendar.getByRole('heading', { name: new RegExp(month, 'i') }).waitFor();
    const fifteenth = calendar.locator(`button[data-date="${day}"]`);
    assert.equal(await fifteenth.getAttribute('data-status'), 'available');
    await fifteenth.click();
    assert.equal(await page.getByLabel('Date de la réservation').inputValue(), typed);
    // Slots only once a court is chosen.
    await page.getByText('Choisissez un terrain pour voir les créneaux.').waitFor();
    await page.getByRole('radio', { name: /Terrain de volleyball 1/ }).check();
    const slot = page.locator('[data-testid="slot"][data-time="10:00"]');
    await slot.waitFor();
    assert.equal(await page.locator('[data-testid="slot"]').count(), 13);
    assert.equal(await page.getByLabel('Nom complet').count(), 0, 'no contact section before a slot');
    await slot.click();

    await page.getByText('Durée: 1 heure').waitFor();
    assert.equal(await page.getByLabel('Nom complet').inputValue(), 'Marie Tremblay Roy', 'prefilled');
    assert.equal(await page.getByLabel('Courriel').inputValue(), 'marie@example.org');
    assert.equal(await page.getByLabel('Nombre de joueurs').inputValue(), '6');
    // Missing phone: the one 'Champs manquants' message, and nothing is sent.
    await page.getByRole('button', { name: 'Réserver' }).click();
    await toast(page, 'Champs manquants').waitFor();
    await page.getByText('Champs manquants: Veuillez remplir tous les champs obligatoires.').waitFor();
    await page.getByLabel('Téléphone').fill('819-555-0199');
    await page.getByLabel('Nombre de joueurs').fill('8');
    await page.getByRole('checkbox', { name: 'Location de ballons' }).check();
    await page.getByLabel('Commentaires').fill('On apporte le filet');
    await page.getByRole('button', { name: 'Réserver' }).click();

    const summary = page.getByTestId('booking-summary');
    await summary.getByRole('heading', { name: 'Réservation confirmée' }).waitFor();
    await toast(page, 'Réservation confirmée').waitFor();
    const text = await summary.innerText();
    for (const part of [`15 juin ${year}`, '10:00 à 11:00', 'Terrain de volleyball 1', 'Marie Tremblay Roy', '8']) {
      assert.ok(text.includes(part), `summary shows ${part}: ${text}`);
    }
    const mail = await suite.sink.waitFor((m) => m.to.includes('marie@example.org') && m.text.includes('Votre réservation est confirmée.'));
    assert.match(mail.text, /Heure : de 10:00 à 11:00/);
    assert.match(mail.raw, /text\/calendar/);
    assert.match(mail.text, /BEGIN:VCALENDAR/);

    // Another reservation starts from scratch, players back to 6.
    await summary.getByRole('button', { name: 'Faire une autre réservation' }).click();
    assert.equal(await page.getByLabel('Date de la réservation').inputValue(), '');
    await page.getByText("Veuillez d'abord choisir une date").waitFor();
    assert.equal(await page.getByRole('radio', { name: /Terrain de volleyball 1/ }).isChecked(), false);
    await page.getByLabel('Date de la réservation').fill(typed);
    await page.getByRole('radio', { name: /Terrain de volleyball 2/ }).check();
    await page.locator('[data-testid="slot"][data-time="11:00"]').click();
    assert.equal(await page.getByLabel('Nombre de joueurs').inputValue(), '6');
    assert.equal(await page.getByLabel('Commentaires').inputValue(), '');

    await page.goto(`${suite.server.url}/my-registrations`);
    const card = page.getByRole('region', { name: 'Mes réservations de terrains' });
    const item = card.getByTestId('my-court-booking');
    await item.waitFor();
    const mine = await item.innerText();
    for (const part of ['Terrain de volleyball 1', 'Confirmée', 'Gratuit', '10:00', '11:00', 'On apporte le filet']) {
      assert.ok(mine.includes(part), `my booking shows ${part}: ${mine}`);
    }
    // Court use is free: the payment slot says so, never that a payment is awaited.
    await item.getByTestId('payment-badge').getByText('Gratuit', { exact: true }).waitFor();
    assert.ok(!mine.includes('En attente'), `no pending payment on a free booking: ${mine}`);
    await item.getByRole('button', { name: /Annuler/ }).waitFor();
    await context.close();
  });

  test('another member sees the slot reserved, on a phone-sized screen', async () => {
    const context = await newContext(suite.browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(context, suite.server, { email: 'paul@example.org', firstName: 'Paul', lastName: 'Roy' });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/reservations`);
    await page.getByLabel('Date de la réservation').fill(typed);
    await page.getByRole('radio', { name: /Terrain de volleyball 1/ }).check();
    const taken = page.locator('[data-testid="slot"][data-time="10:00"]');
    await taken.waitFor();
    assert.equal(await taken.isDisabled(), true);
    assert.match(await taken.innerText(), /Réservé/);
    assert.equal(await page.locator('[data-testid="slot"][data-time="11:00"]').isDisabled(), false);
    // The calendar of court 1 shows the day partially booked.
    const cell = page.getByTestId('availability-calendar').locator(`button[data-date="${day}"][data-status="partial"]`);
    await cell.waitFor();
    // Big enough to tap.
    for (const target of [taken, cell, page.getByRole('radio', { name: /Terrain de volleyball 2/ })]) {
      const box = await target.boundingBox();
      assert.ok(box && box.height >= 20, `visible: ${JSON.stringify(box)}`);
    }
    for (const target of [taken, cell]) {
      const box = await target.boundingBox();
      assert.ok(box && box.height >= 44 && box.width >= 44, `tap target ${JSON.stringify(box)}`);
    }
    await context.close();
  });

  test('an admin filters the Réservations tab and cancels the booking', async () => {
    const context = await newContext(suite.browser);
    await signIn(context, suite.server, { email: 'chef@example.org', firstName: 'Chloé', lastName: 'Chef' });
    grantAdmin(suite.server, 'chef@example.org');
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/admin`);
    await page.getByRole('heading', { level: 1, name: "Interface d'Administration" }).waitFor();
    const tab = page.getByRole('tabpanel');
    await tab.getByRole('heading', { name: 'Réservations' }).waitFor();
    await tab.getByTestId('booking-results').getByText('1 réservation trouvée').waitFor();
    assert.equal(await tab.locator('[data-counter="total"]').innerText(), '1');

    await tab.getByLabel('Statut').selectOption('cancelled');
    await tab.getByText('Aucune réservation trouvée').waitFor();
    await tab.getByRole('button', { name: 'Réinitialiser' }).click();
    // The day typed the French way, as everywhere: dd/MM/yyyy.
    await tab.getByLabel('Date').fill(day.split('-').reverse().join('/'));
    await tab.getByLabel('Statut').selectOption('confirmed');
    const booking = tab.getByTestId('admin-booking');
    await booking.waitFor();
    const text = await booking.innerText();
    for (const part of ['Marie', 'Tremblay Roy', 'marie@example.org', '819-555-0199', 'Terrain de volleyball 1', '15/06/', '10:00', 'Durée: 1 heure', 'Confirmée']) {
      assert.ok(text.includes(part), `booking shows ${part}: ${text}`);
    }

    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await booking.getByRole('button', { name: /Annuler/ }).click();
    await toast(page, 'Réservation annulée').waitFor();
    assert.equal(asked, 'Êtes-vous sûr de vouloir annuler cette réservation ?');
    // Refetched: the confirmed filter is now empty; without it the booking shows cancelled.
    await tab.getByText('Aucune réservation trouvée').waitFor();
    await tab.getByLabel('Statut').selectOption('all');
    await tab.getByTestId('booking-status').getByText('Annulée').waitFor();
    assert.equal(await tab.getByTestId('admin-booking').getByRole('button', { name: /Annuler/ }).count(), 0);
    assert.equal(await tab.locator('[data-counter="cancelled"]').innerText(), '1');
    await suite.sink.waitFor((m) => m.to.includes('marie@example.org') && m.text.includes('annulée par le centre'));
    await context.close();
  });

  test('a supervisor reads the Réservations tab without a cancel button', async () => {
    // A fresh confirmed booking to look at.
    const member = await newContext(suite.browser);
    await signIn(member, suite.server, { email: 'lea@example.org', firstName: 'Léa', lastName: 'Gagnon' });
    await bookThroughApi(member, { courtId: 2, firstName: 'Léa', lastName: 'Gagnon', email: 'lea@example.org' }, `${day}T18:00:00Z`);
    await member.close();

    const context = await newContext(suite.browser);
    const supervisor = await signIn(context, suite.server, { email: 'sam@example.org', firstName: 'Sam', lastName: 'Superviseur' });
    const admin = await newContext(suite.browser);
    await signIn(admin, suite.server, { email: 'chef@example.org' });
    const granted = await admin.request.post(`${suite.server.url}/api/admin/supervisors/${supervisor.id}`, { headers: { Origin: suite.server.url } });
    assert.equal(granted.status(), 201);
    await admin.close();

    const page = await context.newPage();
    await page.goto(`${suite.server.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Interface de Supervision' }).waitFor();
    const tab = page.getByRole('tabpanel');
    await tab.getByText('2 réservations trouvées').waitFor();
    await tab.getByText('Léa').first().waitFor();
    assert.equal(await tab.getByRole('button', { name: /Annuler/ }).count(), 0);
    await tab.getByText('Consultation seulement').waitFor();
    // The server refuses the supervisor's cancel too.
    const refused = await context.request.delete(`${suite.server.url}/api/admin/bookings/2`, { headers: { Origin: suite.server.url } });
    assert.equal(refused.status(), 403);
    await context.close();
  });

  test('a closed day says so; a slot taken in between shows the day\'s other free slots, not an error; a member cancels their booking', async () => {
    const context = await newContext(suite.browser);
    await signIn(context, suite.server, { email: 'lea@example.org', firstName: 'Léa', lastName: 'Gagnon' });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/reservations`);
    // After the season (15 October of the same summer): the court is closed that day.
    await page.getByLabel('Date de la réservation').fill(`15/10/${year}`);
    await page.getByRole('radio', { name: /Terrain de volleyball 2/ }).check();
    await page.getByText('Le terrain est fermé à cette date.').waitFor();
    assert.equal(await page.locator('[data-testid="slot"]').count(), 0);

    // 16:00 on court 2 is free when Léa picks it, and taken by Noé before she confirms.
    await page.getByLabel('Date de la réservation').fill(typed);
    const slot = page.locator('[data-testid="slot"][data-time="16:00"]');
    await slot.click();
    await page.getByLabel('Téléphone').fill('819-555-0123');
    const other = await newContext(suite.browser);
    await signIn(other, suite.server, { email: 'noe@example.org', firstName: 'Noé', lastName: 'Roy' });
    // 16:00 in Toronto in June (UTC-4).
    await bookThroughApi(other, { courtId: 2, firstName: 'Noé', lastName: 'Roy', email: 'noe@example.org' }, `${day}T20:00:00Z`);
    await other.close();
    await page.getByRole('button', { name: 'Réserver' }).click();
    // Too late: said above the day's slots, with no error toast; another free slot can be chosen.
    await page.getByTestId('slot-just-taken').getByText("Quelqu'un vient de réserver ce créneau. Voici les autres créneaux libres de la journée.").waitFor();
    assert.equal(await toast(page, 'Erreur de réservation').count(), 0, 'no error toast');
    await page.locator('[data-testid="slot"][data-time="17:00"]:not(:disabled)').waitFor();
    // The day is shown as it is now, and nothing was booked for her.
    await page.locator('[data-testid="slot"][data-time="16:00"]:disabled').waitFor();
    assert.equal(await page.getByTestId('booking-summary').count(), 0);

    // Her booking of the supervisor's test (court 2 at 14:00): cancelled from /my-registrations.
    await page.goto(`${suite.server.url}/my-registrations`);
    const item = page.getByRole('region', { name: 'Mes réservations de terrains' }).getByTestId('my-court-booking');
    await item.getByText(/de 14:00 à 15:00/).waitFor();
    assert.equal(await item.count(), 1, 'only the booking that went through');
    page.once('dialog', (dialog) => void dialog.accept());
    await item.getByRole('button', { name: /Annuler/ }).click();
    await toast(page, 'Réservation annulée').waitFor();
    await item.getByText('Annulée', { exact: true }).waitFor();
    assert.equal(await item.getByRole('button', { name: /Annuler/ }).count(), 0);
    // Cancelled, it still cost nothing: 'Gratuit', not a payment awaited.
    await item.getByTestId('payment-badge').getByText('Gratuit', { exact: true }).waitFor();
    assert.equal(await item.getByText('En attente').count(), 0);
    // The slot is free again for everyone.
    const slots = await page.request.get(`${suite.server.url}/api/courts/availability?date=${day}&courtId=2`);
    assert.equal((await slots.json()).find((s) => s.time === '14:00')?.available, true);
    await context.close();
  });
});
