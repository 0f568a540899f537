// English everywhere: with the interface switched to English (the header's language button, as a
// visitor would), every route a visitor, a member and an admin can open on the demo data shows
// no text of the French catalogue, in its page or in its tab title. The French texts are the
// values of locales/fr/*.json that differ from the English ones, cut at their {{placeholders}},
// leaving out short pieces and any piece that English text contains too. What people typed is
// allowed (team and people names, and in the console, which shows both, the French title and
// description of an event), so those are blanked before the check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_TABS, demoArgs, drawn, grantAdmin, newContext, signIn, useServerAndBrowser } from './harness.mjs';

const LOCALES = join(import.meta.dirname, '../src/i18n/locales');
const MIN_LENGTH = 4;
const PEOPLE = {
  member: { email: 'english-member@example.org', firstName: 'Morgan', lastName: 'Wells' },
  admin: { email: 'english-admin@example.org', firstName: 'Avery', lastName: 'Stone' },
};

/** Every string of a catalogue file, by its key path. */
function strings(value, prefix = '', out = new Map()) {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) strings(inner, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

/** The French catalogue's pieces of text that no English text has. */
function frenchPieces() {
  const fr = new Map();
  const en = new Map();
  for (const file of readdirSync(join(LOCALES, 'fr'))) {
    const ns = file.replace(/\.json$/, '');
    for (const [key, text] of strings(JSON.parse(readFileSync(join(LOCALES, 'fr', file), 'utf8')))) fr.set(`${ns}:${key}`, text);
    for (const [key, text] of strings(JSON.parse(readFileSync(join(LOCALES, 'en', file), 'utf8')))) en.set(`${ns}:${key}`, text);
  }
  const english = [...en.values()].join('\n');
  const pieces = new Set();
  for (const [key, text] of fr) {
    if (en.get(key) === text) continue;
    for (const piece of text.split(/\{\{[^}]*\}\}|<\/?\d+>|\n/)) {
      const trimmed = piece.trim().replace(/^[\s:·,.;()!?–—-]+|[\s:·,;(–—-]+$/g, '');
      if (trimmed.length < MIN_LENGTH || english.includes(trimmed)) continue;
      pieces.add(trimmed);
    }
  }
  return [...pieces];
}

const FRENCH = frenchPieces();
/** Each piece as a whole: not inside a longer word ('Tous' is not in 'Tousignant'). */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MATCHERS = FRENCH.map((piece) => [piece, new RegExp(`(?<![\\p{L}])${escape(piece)}(?![\\p{L}])`, 'u')]);

/** What a page shows: its text, its images' and controls' names, its placeholders and its tab title. */
async function shown(page) {
  return page.evaluate(() => {
    const { document } = globalThis;
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].flatMap((element) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name)).filter(Boolean),
    );
    return { text: [document.body.innerText, ...attributes].join('\n'), title: document.title };
  });
}

/** The French pieces found in `text` once `typed` (what people typed) is blanked. */
function frenchIn(text, typed) {
  let left = text;
  for (const name of typed) left = left.split(name).join(' ');
  return MATCHERS.filter(([, matcher]) => matcher.test(left)).map(([piece]) => piece);
}

const suite = useServerAndBrowser({ args: demoArgs() });

/** What people typed in the demo data, as the admin's API gives it. */
async function typedNames(admin) {
  const get = async (path) => (await admin.request.get(`${suite.server.url}${path}`)).json();
  const events = await get('/api/admin/events');
  const names = new Set([PEOPLE.member.firstName, PEOPLE.member.lastName, PEOPLE.admin.firstName, PEOPLE.admin.lastName]);
  const console = new Set();
  for (const event of events) {
    if (!event.titleEn) names.add(event.title);
    if (!event.descriptionEn) names.add(event.description);
    names.add(event.location);
    console.add(event.title);
    console.add(event.description);
    for (const r of await get(`/api/admin/events/${event.id}/registrations`)) {
      for (const value of Object.values(r)) if (typeof value === 'string' && value.length >= MIN_LENGTH && /[A-Za-z]/.test(value)) names.add(value);
    }
  }
  const tournament = await get('/api/events/1/tournament');
  for (const standing of tournament.standings ?? []) names.add(standing.teamName);
  // Phones are named by their scorekeepers: the demo's conflict shows two such names.
  const console1 = await get('/api/admin/events/1/tournament');
  if (console1) {
    for (const conflict of await get(`/api/admin/tournaments/${console1.id}/conflicts`)) {
      for (const side of [conflict.current, conflict.proposed]) if (side.deviceName) names.add(side.deviceName);
    }
  }
  return { names: [...names].sort((a, b) => b.length - a.length), console: [...console].sort((a, b) => b.length - a.length) };
}

/** A context in English: the header's button switches, the choice is kept for the next pages. */
async function englishContext(person) {
  const context = await newContext(suite.browser, { locale: 'en-CA' });
  if (person) await signIn(context, suite.server, person);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await page.waitForFunction(() => globalThis.document.documentElement.lang === 'en');
  return { context, page };
}

/** Opens `route` and answers what French it shows, the tab title's apart (which must be set in
 * English: none left at the shell's, which is the French name of the centre). */
async function check(page, route, typed) {
  await page.goto(`${suite.server.url}${route}`, { waitUntil: 'networkidle' });
  await page.locator('footer').waitFor();
  await drawn(page);
  const { text, title } = await shown(page);
  return { route, inPage: frenchIn(text, typed), inTitle: frenchIn(title, []), title };
}

/** Fails, naming each route and what French it showed, if any page showed some. */
function assertEnglish(results) {
  const problems = results.flatMap(({ route, inPage, inTitle, title }) => [
    ...inPage.map((piece) => `${route}: ${piece}`),
    ...inTitle.map((piece) => `${route}: tab title '${title}': ${piece}`),
    ...(/La Pêche Outdoor Centre/.test(title) ? [] : [`${route}: tab title not English: '${title}'`]),
  ]);
  assert.deepEqual(problems, [], 'French text on English pages');
}

test('the French catalogue gives pieces to look for, and the check finds one', () => {
  assert.ok(FRENCH.length > 500, `${FRENCH.length} pieces`);
  assert.ok(FRENCH.includes('Votre équipe'));
  assert.ok(!FRENCH.includes('Interac'), 'said the same in both languages');
  assert.deepEqual(frenchIn('Your team\nVotre équipe', []), ['Votre équipe']);
  assert.deepEqual(frenchIn('Les Huards: Votre équipe', ['Votre équipe']), [], 'typed names are allowed');
  assert.deepEqual(frenchIn('Tousignant, Heures', []), ['Heures'], 'whole words only');
});

test('in English, no page shows French text, for a visitor, a member and an admin', async () => {
  const adminContext = await newContext(suite.browser);
  await signIn(adminContext, suite.server, PEOPLE.admin);
  grantAdmin(suite.server, PEOPLE.admin.email);
  const typed = await typedNames(adminContext);
  await adminContext.close();
  const results = [];

  // A visitor.
  const visitor = await englishContext(null);
  for (const route of ['/', '/events', '/event/1', '/reservations', '/day-camps', '/my-registrations', '/checkout', '/admin', '/no-such-page']) {
    results.push(await check(visitor.page, route, typed.names));
  }
  await visitor.context.close();
  assertEnglish(results);

  // A member: every page, the registration dialog, a registration's payment page, and the
  // console they may not open.
  const member = await englishContext(PEOPLE.member);
  for (const route of ['/', '/events', '/event/1', '/reservations', '/day-camps', '/my-registrations', '/profile', '/animation', '/admin']) {
    results.push(await check(member.page, route, typed.names));
  }
  await member.page.goto(`${suite.server.url}/events`, { waitUntil: 'networkidle' });
  await member.page.getByRole('button', { name: 'Register' }).first().click();
  await member.page.getByRole('dialog').waitFor();
  const dialog = await shown(member.page);
  results.push({ route: '/events (dialog)', inPage: frenchIn(dialog.text, typed.names), inTitle: frenchIn(dialog.title, []), title: dialog.title });
  const events = await (await member.context.request.get(`${suite.server.url}/api/events`)).json();
  const paid = events.find((event) => event.price > 0 && event.id !== 1);
  const registered = await member.context.request.post(`${suite.server.url}/api/events/${paid.id}/register`, {
    headers: { Origin: suite.server.url, 'X-Lang': 'en' },
    data: {
      eventId: paid.id, teamName: 'Wells Crew', captainFirstName: PEOPLE.member.firstName, captainLastName: PEOPLE.member.lastName,
      captainEmail: PEOPLE.member.email, member2FirstName: 'Alex', member2LastName: 'Wells', member2Email: 'alex.wells@example.org',
    },
  });
  assert.equal(registered.status(), 201, await registered.text());
  const registration = await registered.json();
  for (const route of [`/checkout?type=event&id=${registration.id}`, '/my-registrations']) {
    results.push(await check(member.page, route, [...typed.names, 'Wells Crew']));
  }
  await member.context.close();
  assertEnglish(results);

  // An admin: the console's tabs, the demo tournament in the Tournois tab, and its event page.
  const admin = await englishContext(PEOPLE.admin);
  const consoleTyped = [...typed.names, ...typed.console, 'Wells Crew', 'Alex'];
  for (const route of ['/admin', ...CONSOLE_TABS.map((tab) => `/admin?tab=${tab}`), '/admin?tab=tournaments&event=1', '/event/1']) {
    results.push(await check(admin.page, route, route.startsWith('/admin') ? consoleTyped : typed.names));
  }
  // The titles people typed in both languages are shown in English: the event selector and the
  // tournament named after its event, not only the public pages.
  await admin.page.goto(`${suite.server.url}/admin?tab=tournaments&event=1`);
  const selector = admin.page.getByLabel('Event', { exact: true });
  assert.match(await selector.locator('option:checked').innerText(), /^4x4 beach volleyball tournament/);
  await admin.page.getByTestId('tournament-status').getByRole('heading', { name: '4x4 beach volleyball tournament' }).waitFor();
  await admin.context.close();

  assertEnglish(results);
});
