// Compression once, at build time: beside every compressible file of dist/, a brotli variant
// (quality 11, the highest) and a gzip one (level 9), with Node's own zlib (no dependency). The
// server (server/src/web.rs) embeds them and sends the one the request's Accept-Encoding
// allows; nothing is compressed again per request. A variant is kept only when it is smaller
// than its file. The service worker's precache lists only the files themselves (its glob
// patterns do not match .br or .gz).
//
// As a Vite plugin it runs last in `vite build` (after the prerender and the service worker are
// written); `node scripts/precompress.mjs` runs it on an existing dist/.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Extensions worth compressing (images are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.webmanifest', '.svg', '.wasm', '.txt', '.xml', '.ico']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    // .vite/ holds the build manifest, read by scripts, never served.
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export const brotli = (data) =>
  brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
export const gzip = (data) => gzipSync(data, { level: 9 });

/** Writes (or removes) the variants of every compressible file of `dist`. Answers a summary. */
export function precompress(dist) {
  let count = 0;
  let before = 0;
  let after = 0;
  for (const path of files(dist)) {
    if (path.endsWith('.br') || path.endsWith('.gz') || !COMPRESSIBLE.has(extname(path))) continue;
    const data = readFileSync(path);
    for (const [suffix, compress] of [
      ['.br', brotli],
      ['.gz', gzip],
    ]) {
      const packed = compress(data);
      if (packed.length < data.length) writeFileSync(path + suffix, packed);
      else rmSync(path + suffix, { force: true });
    }
    count += 1;
    before += data.length;
    after += statSync(path + '.br', { throwIfNoEntry: false })?.size ?? data.length;
  }
  return { count, before, after };
}

/** @returns {import('vite').Plugin} */
export function precompressDist() {
  let outDir = 'dist';
  return {
    name: 'centre:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After vite-plugin-pwa has written the service worker (its closeBundle is sequential too).
      sequential: true,
      order: 'post',
      handler() {
        precompress(outDir);
      },
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
  const { count, before, after } = precompress(dist);
  console.log(`${count} files of ${relative(process.cwd(), dist) || '.'}: ${before} bytes, ${after} as brotli`);
}
