// Per-route JavaScript and CSS sizes as sent, from Vite's manifest (dist/.vite/manifest.json):
// each file's brotli variant written by the build (scripts/precompress.mjs, quality 11), which
// is what the server sends a browser that accepts brotli (the file itself when no variant was
// worth keeping); gzip -9 beside it for comparison. A route entry's load is its chunk plus every
// chunk it imports statically, minus what the landing page has already loaded; dynamic imports
// are their own entries. The landing route is index.html's entry plus the dynamic chunks its
// first load fetches at once (FIRST_LOAD: the service worker's window side, imported as the
// shell mounts). Its budget: at most 100 KB of JavaScript as sent, wasm excluded.
// e2e/budget.test.mjs checks both this and what Chromium really receives.
//
//   node scripts/bundle-report.mjs           prints the table
//   node scripts/bundle-report.mjs --check   also exits 1 when the landing route is over budget
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LANDING_BUDGET_BYTES = 100 * 1024;
/** Dynamic imports the landing page starts during its first load. */
const FIRST_LOAD = [/^node_modules\/workbox-window\//];
const firstLoad = (key) => FIRST_LOAD.some((pattern) => pattern.test(key));
const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');

const gzCache = new Map();
/** gzip -9 size of a file of pwa/dist ('assets/….js'). */
export function gzipSize(file) {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzCache.get(file);
}

/** Bytes the server sends for a file of pwa/dist to a browser that accepts brotli. */
export function sentSize(file) {
  const path = join(dist, file);
  return statSync(existsSync(path + '.br') ? path + '.br' : path).size;
}

/** Files (JS and CSS) loaded by `key` and its static imports. */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function filesOf(manifest, keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js, css };
}

const sum = (files, size = sentSize) => [...files].reduce((total, file) => total + size(file), 0);

/** Rows: the landing route (index.html) and each dynamic entry (lazy routes and chunks). */
export function report() {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const landingKeys = new Set();
  for (const key of ['index.html', ...Object.keys(manifest).filter(firstLoad)]) closure(manifest, key, landingKeys);
  const landing = filesOf(manifest, landingKeys);
  const rows = [
    {
      name: 'landing route (/ and /home, first load)',
      js: sum(landing.js),
      jsGzip: sum(landing.js, gzipSize),
      css: sum(landing.css),
      files: landing.js.size,
    },
  ];
  const dynamic = new Set();
  for (const chunk of Object.values(manifest)) for (const dep of chunk.dynamicImports ?? []) dynamic.add(dep);
  for (const key of [...dynamic].sort().filter((key) => !firstLoad(key))) {
    const own = filesOf(manifest, closure(manifest, key));
    const js = new Set([...own.js].filter((file) => !landing.js.has(file) && !file.includes('wasm')));
    const css = new Set([...own.css].filter((file) => !landing.css.has(file)));
    if (js.size === 0 && css.size === 0) continue;
    const name = key.startsWith('node_modules/')
      ? key.replace(/^node_modules\/([^/]+).*$/, '$1')
      : key.startsWith('_')
        ? `shared chunk ${key.slice(1)}`
        : relative('src', key);
    rows.push({ name: `  lazy: ${name}`, js: sum(js), jsGzip: sum(js, gzipSize), css: sum(css), files: js.size });
  }
  return { rows, landingJs: rows[0].js };
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { rows, landingJs } = report();
  console.log(`${'route entry'.padEnd(52)} ${'JS br'.padStart(10)} ${'(JS gz)'.padStart(10)} ${'CSS br'.padStart(10)}  chunks`);
  for (const row of rows) {
    console.log(`${row.name.padEnd(52)} ${kb(row.js).padStart(10)} ${kb(row.jsGzip).padStart(10)} ${kb(row.css).padStart(10)}  ${row.files}`);
  }
  const verdict = landingJs <= LANDING_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(`landing route JavaScript as sent (brotli 11): ${kb(landingJs)} of ${kb(LANDING_BUDGET_BYTES)} budget (${verdict}; wasm and lazy routes excluded)`);
  if (process.argv.includes('--check') && landingJs > LANDING_BUDGET_BYTES) process.exit(1);
}
