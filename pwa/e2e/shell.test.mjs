// The bilingual shell in the real server and Chromium: French by default, English
// that survives a reload, anchors, the member home, the sign-in gate, axe scans in both
// languages, and the landing page without JavaScript.
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { demoArgs, newContext, useServerAndBrowser } from './harness.mjs';

/** A hung browser call fails its test instead of stalling the whole suite. */
const test = (name, fn) => nodeTest(name, { timeout: 120_000 }, fn);

const FR_TITLE = 'Bougez en plein air, au bord du lac';
const EN_TITLE = 'Get moving outdoors, by the lake';

const suite = useServerAndBrowser({ args: demoArgs() });

/** A fresh context; `member` signs in through the development sign-in first. */
async function open(path, { lang, member } = {}) {
  const context = await newContext(suite.browser);
  if (lang) await context.addInitScript((value) => localStorage.setItem('centre.lang', value), lang);
  const page = await context.newPage();
  if (member) {
    const response = await page.request.post(`${suite.server.url}/api/dev-login`, {
      data: member,
      headers: { Origin: suite.server.url },
    });
    assert.equal(response.status(), 200, `dev sign-in: ${await response.text()}`);
  }
  await page.goto(suite.server.url + path);
  return { context, page };
}

/** Waits until the landing page's events are listed (the page has settled). */
async function eventsListed(page) {
  await page.locator('#events li').first().waitFor();
}

async function expectNoAxeViolations(page, label) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(summary, [], `axe violations on ${label}`);
}

async function waitUntil(check, message, timeout = 5000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) assert.fail(message);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('French by default: texts, <html lang>, title and description', async () => {
  const { context, page } = await open('/');
  await page.getByRole('heading', { level: 1, name: FR_TITLE }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
  assert.equal(await page.title(), 'Centre plein air de La Pêche — volleyball, événements et camps de jour');
  assert.match(await page.locator('meta[name="description"]').getAttribute('content'), /La Pêche, en Outaouais/);
  await page.getByText('En construction').waitFor();
  await eventsListed(page);
  await page.getByText(/25,00\s\$ \/ personne/).waitFor();
  await context.close();
});

test('switching to English changes the texts, the API language and survives a reload', async () => {
  const { context, page } = await open('/');
  await eventsListed(page);
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await page.getByRole('heading', { level: 1, name: EN_TITLE }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  assert.equal(await page.evaluate(() => localStorage.getItem('centre.lang')), 'en');
  await waitUntil(async () => (await page.title()).startsWith('La Pêche Outdoor Centre'), 'English title');
  await page.getByText('4x4 beach volleyball tournament').waitFor();
  await page.getByText(/\$25\.00 \/ person/).waitFor();
  // Every sign-in link keeps the language: the provider's page and the way back are in English.
  const loginLinks = page.getByRole('link', { name: /^(Explore our services|Log in to book)$/ });
  assert.equal(await loginLinks.count(), 4, 'the hero button and the three service buttons');
  for (const href of await loginLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    assert.equal(href, '/api/login?lang=en');
  }

  const apiCall = page.waitForRequest((request) => request.url().endsWith('/api/events'));
  await page.reload();
  assert.equal((await apiCall).headers()['x-lang'], 'en', 'the API is told the language');
  await page.getByRole('heading', { level: 1, name: EN_TITLE }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');

  await page.getByRole('button', { name: 'Passer au français' }).click();
  await page.getByRole('heading', { level: 1, name: FR_TITLE }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('centre.lang')), 'fr');
  await context.close();
});

test('anchors scroll: the hero button, and the footer links from another page', async () => {
  const { context, page } = await open('/');
  await eventsListed(page);
  const top = (id) => page.locator(`#${id}`).evaluate((element) => Math.round(element.getBoundingClientRect().top));
  await page.getByRole('link', { name: 'Voir les événements' }).click();
  await waitUntil(async () => Math.abs(await top('events')) <= 100, '#events is scrolled into view');

  await page.goto(`${suite.server.url}/events`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'À propos' }).click();
  await page.waitForURL(`${suite.server.url}/#about`);
  await waitUntil(async () => Math.abs(await top('about')) <= 100, '#about is scrolled into view from /events');

  await page.goto(`${suite.server.url}/events`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Services' }).click();
  await waitUntil(async () => Math.abs(await top('services')) <= 100, '#services is scrolled into view from /events');
  await context.close();
});

test("a visitor's register click shows 'Non autorisé' and goes to sign-in", async () => {
  const { context, page } = await open('/');
  await eventsListed(page);
  // The page reports every toast it shows, as it shows it: the check cannot miss a toast that
  // is already gone by the time the browser is asked (the page leaves for sign-in right after).
  const toasts = [];
  await page.exposeFunction('reportToasts', (seen) => toasts.push(seen));
  await page.evaluate(() => {
    const { document, MutationObserver } = globalThis;
    const report = () => {
      const shown = [...document.querySelectorAll('[data-variant]')].map((toast) => toast.textContent);
      if (shown.length) globalThis.reportToasts(shown);
    };
    new MutationObserver(report).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  // The sign-in page itself is the identity area's: answer it here so only the navigation counts.
  await page.route((url) => url.pathname === '/api/login', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>login</title>' }),
  );
  const login = page.waitForURL((url) => url.pathname === '/api/login');
  await page.locator('#events').getByRole('button', { name: "S'inscrire" }).first().click();
  await login;
  assert.equal(new URL(page.url()).search, '?lang=fr', 'signs in in French and comes back to /');
  const complete = toasts.find(
    (shown) =>
      shown.length === 1 &&
      shown[0].includes('Non autorisé') &&
      shown[0].includes('Vous devez être connecté. Redirection vers la page de connexion...'),
  );
  assert.ok(complete, `one toast with the title and the message before leaving; saw ${JSON.stringify(toasts)}`);
  assert.ok(
    toasts.every((shown) => shown.length <= 1),
    'one toast at a time',
  );
  await context.close();
});

test("the member home shows the member's first name, events, then their registration", async () => {
  const member = { email: 'camille.tremblay@example.org', firstName: 'Camille', lastName: 'Tremblay' };
  const { context, page } = await open('/', { member });
  await page.getByRole('heading', { level: 1, name: 'Bienvenue, Camille !' }).waitFor();
  await page.getByRole('heading', { name: 'Mes inscriptions' }).waitFor();
  await page.getByText("Vous n'avez aucune inscription pour le moment.").waitFor();
  assert.equal(await page.getByRole('main').getByRole('link', { name: "S'inscrire" }).count(), 3, 'the first 3 events');
  // The event the centre features (the demo's next tournament, /event/2), with its date and a link to it.
  const promo = page.getByTestId('home-promo');
  await promo.getByRole('heading', { name: 'Coupe du lac de volleyball 4x4' }).waitFor();
  assert.equal(await promo.getByRole('link', { name: "Voir l'événement" }).getAttribute('href'), '/event/2');
  assert.equal(await page.getByText(/2025/).count(), 0, 'no date of a past summer');
  assert.equal(await page.title(), 'Mon espace — Centre plein air de La Pêche');

  await page.goto(`${suite.server.url}/home`);
  await page.getByRole('heading', { level: 1, name: 'Bienvenue, Camille !' }).waitFor();

  // Once registered, the registration is in 'Mes inscriptions' and counted in the stats.
  const [event] = await (await page.request.get(`${suite.server.url}/api/events`)).json();
  const registered = await page.request.post(`${suite.server.url}/api/events/${event.id}/register`, {
    headers: { Origin: suite.server.url },
    data: {
      eventId: event.id,
      teamName: 'Les Hérons',
      captainFirstName: 'Camille',
      captainLastName: 'Tremblay',
      captainEmail: member.email,
      member2FirstName: 'Alex',
      member2LastName: 'Roy',
      member2Email: 'alex.roy@example.org',
    },
  });
  assert.equal(registered.status(), 201, await registered.text());
  await page.reload();
  const mine = page.locator('section', { has: page.getByRole('heading', { name: 'Mes inscriptions' }) });
  await mine.getByText(event.title).waitFor();
  await mine.getByRole('link', { name: 'Voir toutes mes inscriptions' }).waitFor();
  await page.locator('[data-testid="stats-registrations"][aria-busy="false"]').waitFor();
  assert.equal(await page.getByTestId('stats-registrations').innerText(), '1');

  // Back as a member with a slow sign-in check: a skeleton, not the visitors' page, meanwhile.
  await page.route('**/api/auth/user', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.goto(suite.server.url);
  await page.getByRole('status').filter({ hasText: 'Chargement…' }).waitFor();
  assert.equal(await page.getByRole('heading', { level: 1, name: FR_TITLE }).count(), 0, 'no landing page for a member');
  await page.getByRole('heading', { level: 1, name: 'Bienvenue, Camille !' }).waitFor();
  await context.close();
});

test('axe finds no violation on the landing page, member home and 404, in French and English', async () => {
  const member = { email: 'axe@example.org', firstName: 'Alex', lastName: 'Roy' };
  for (const lang of ['fr', 'en']) {
    {
      const { context, page } = await open('/', { lang });
      await page.getByRole('heading', { level: 1, name: lang === 'fr' ? FR_TITLE : EN_TITLE }).waitFor();
      await eventsListed(page);
      await expectNoAxeViolations(page, `landing (${lang})`);
      await context.close();
    }
    {
      const { context, page } = await open('/', { lang, member });
      await page.getByRole('heading', { level: 1, name: lang === 'fr' ? 'Bienvenue, Alex !' : 'Welcome, Alex!' }).waitFor();
      await page.getByRole('main').getByRole('link', { name: lang === 'fr' ? "S'inscrire" : 'Register' }).first().waitFor();
      await expectNoAxeViolations(page, `member home (${lang})`);
      await context.close();
    }
    {
      const { context, page } = await open('/nowhere', { lang });
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await page.getByTestId('not-found-detail').waitFor();
      await expectNoAxeViolations(page, `404 (${lang})`);
      await context.close();
    }
  }
});

test('the landing text is there with JavaScript disabled', async () => {
  const context = await newContext(suite.browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.getByRole('heading', { level: 1, name: FR_TITLE }).waitFor();
  for (const text of ['Nos services', 'Événements à venir', 'À propos', 'Nos valeurs', 'Nous joindre', 'info@centrepleinair-lapeche.org']) {
    assert.ok(await page.getByText(text, { exact: true }).first().isVisible(), `${text} is visible without JavaScript`);
  }
  assert.equal(await page.title(), 'Centre plein air de La Pêche — volleyball, événements et camps de jour');
  await context.close();
});
