// `make bench`'s Lighthouse section: Lighthouse 12.8's mobile defaults (simulated slow
// 4G and a 4× slower CPU, a phone's screen) in Debian's Chromium against a running server, for
// every route as a visitor, a member and an admin. Prints one table row per route: performance,
// CLS, accessibility, best practices and SEO (in brackets for pages that are not indexable).
//
//   node pwa/scripts/lighthouse.mjs <server url> <admin e-mail> [--runs N] [--json FILE] [--only who,...]
//
// The server must run with --demo --dev-login and --admin-emails <admin e-mail>: the script
// signs in with the development sign-in, and the member registers a team so their pages show
// something. Each route is measured N times (default 3) and the median run is printed: one
// Lighthouse run on a noisy machine moves by a few points.
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const [base, adminEmail] = process.argv.slice(2);
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const runs = Number(option('--runs', '3'));
const jsonOut = option('--json', null);
// `--only member,admin` measures only those people's routes (a quicker look while working).
const only = option('--only', null)?.split(',');
if (!base || !adminEmail) {
  console.error('usage: node pwa/scripts/lighthouse.mjs <server url> <admin e-mail> [--runs N] [--json FILE] [--only who,...]');
  process.exit(2);
}

/** A session cookie from the development sign-in. */
async function signIn(email, firstName, lastName) {
  const response = await fetch(`${base}/api/dev-login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, firstName, lastName }),
  });
  if (!response.ok) throw new Error(`dev sign-in of ${email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  if (!cookie) throw new Error(`dev sign-in of ${email} set no cookie`);
  return cookie;
}

async function api(path, cookie, body) {
  const response = await fetch(`${base}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json', Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const events = await api('/api/events');
const tournamentEvent = await (async () => {
  for (const event of events) {
    const response = await fetch(`${base}/api/events/${event.id}/tournament`);
    if (response.ok && (await response.json())) return event;
  }
  return null;
})();
const open = events.find((event) => event.price > 0 && event.id !== tournamentEvent?.id) ?? events[0];

const member = await signIn('lighthouse.membre@example.org', 'Léa', 'Phare');
const registration = await api(`/api/events/${open.id}/register`, member, {
  eventId: open.id,
  teamName: 'Les Phares',
  captainFirstName: 'Léa',
  captainLastName: 'Phare',
  captainEmail: 'lighthouse.membre@example.org',
  member2FirstName: 'Alex',
  member2LastName: 'Phare',
  member2Email: 'alex.phare@example.org',
});
const admin = await signIn(adminEmail, 'Admin', 'Phare');

const eventPage = `/event/${(tournamentEvent ?? events[0]).id}`;
const ROUTES = [
  { who: 'visitor', path: '/', indexable: true },
  { who: 'visitor', path: '/home', indexable: true },
  { who: 'visitor', path: '/events', indexable: true },
  { who: 'visitor', path: '/reservations', indexable: true },
  { who: 'visitor', path: '/day-camps', indexable: true },
  { who: 'visitor', path: eventPage, indexable: true },
  { who: 'visitor', path: '/my-registrations' },
  { who: 'visitor', path: '/checkout' },
  { who: 'member', path: '/' },
  { who: 'member', path: '/my-registrations' },
  { who: 'member', path: `/checkout?type=event&id=${registration.id}` },
  { who: 'admin', path: '/admin' },
  { who: 'admin', path: '/admin?tab=tournaments' },
  { who: 'admin', path: '/admin?tab=payments' },
  { who: 'admin', path: eventPage },
];
const cookies = { visitor: null, member, admin };
const measuredRoutes = only ? ROUTES.filter((route) => only.includes(route.who)) : ROUTES;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
});

const score = (category) => Math.round((category?.score ?? 0) * 100);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit({ who, path }) {
  const cookie = cookies[who];
  const result = await lighthouse(
    `${base}${path}`,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
      // A fresh profile per run: no service worker, no cache from the run before.
      disableStorageReset: false,
    },
  );
  const { categories, audits } = result.lhr;
  return {
    performance: score(categories.performance),
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    speedIndex: audits['speed-index']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    accessibility: score(categories.accessibility),
    bestPractices: score(categories['best-practices']),
    seo: score(categories.seo),
    failing: Object.values(audits)
      .filter((entry) => entry.score !== null && entry.score < 1 && ['binary', 'numeric'].includes(entry.scoreDisplayMode))
      .filter((entry) => !['largest-contentful-paint', 'first-contentful-paint', 'speed-index', 'total-blocking-time', 'interactive', 'max-potential-fid', 'cumulative-layout-shift'].includes(entry.id))
      .map((entry) => entry.id),
  };
}

const rows = [];
try {
  for (const route of measuredRoutes) {
    const measured = [];
    for (let run = 0; run < runs; run++) measured.push(await audit(route));
    const perf = median(measured.map((m) => m.performance));
    const chosen = measured.find((m) => m.performance === perf);
    rows.push({ ...route, ...chosen, performances: measured.map((m) => m.performance) });
  }
} finally {
  await chrome.kill();
}

const pad = (value, width) => String(value).padEnd(width);
console.log(`${pad('route', 34)} ${pad('who', 8)} perf (runs)       CLS     FCP ms  LCP ms  SI ms   TBT ms  a11y  BP   SEO`);
for (const row of rows) {
  console.log(
    `${pad(row.path, 34)} ${pad(row.who, 8)} ${pad(`${row.performance} (${row.performances.join(' ')})`, 17)} ${pad(row.cls.toFixed(3), 7)} ${pad(Math.round(row.fcp), 7)} ${pad(Math.round(row.lcp), 7)} ${pad(Math.round(row.speedIndex), 7)} ${pad(Math.round(row.tbt), 7)} ${pad(row.accessibility, 5)} ${pad(row.bestPractices, 4)} ${row.indexable ? row.seo : `(${row.seo})`}`,
  );
  if (row.failing.length) console.log(`    not passed: ${row.failing.join(', ')}`);
}
const missed = rows.flatMap((row) => {
  const misses = [];
  if (row.performance < 95) misses.push(`performance ${row.performance}`);
  if (!(row.cls <= 0.02)) misses.push(`CLS ${row.cls.toFixed(3)}`);
  if (row.accessibility < 100) misses.push(`accessibility ${row.accessibility}`);
  if (row.bestPractices < 100) misses.push(`best practices ${row.bestPractices}`);
  if (row.indexable && row.seo < 100) misses.push(`SEO ${row.seo}`);
  return misses.length ? [`${row.who} ${row.path}: ${misses.join(', ')}`] : [];
});
console.log(missed.length ? `targets MISSED:\n  ${missed.join('\n  ')}` : 'targets: met on every route');
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 2));
