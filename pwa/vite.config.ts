/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderLanding } from './scripts/prerender.mjs';
import { precompressDist } from './scripts/precompress.mjs';

// The service worker is off in dev, never answers /api/* with the shell, and prompts before
// updating (registerType 'prompt') so nobody loses a half-filled form to a reload.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      devOptions: { enabled: false },
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Centre plein air de La Pêche',
        short_name: 'Centre plein air',
        description: 'Événements, terrains de volleyball et camps de jour.',
        lang: 'fr',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f7faf7',
        theme_color: '#14532d',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Everything the first offline load needs: the shell, every chunk (the translations are
        // JavaScript chunks, the lazy namespaces included; .json in case one is ever emitted as
        // a file), core-wasm's .wasm, the icons and the manifest.
        globPatterns: ['**/*.{js,css,html,wasm,json,svg,png,webmanifest}'],
        // The route shells are for the network's first visit (server/src/web.rs): the worker
        // answers every navigation with shell.html.
        globIgnores: ['shells/**'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Once the worker runs, JavaScript does too: every navigation, '/' included, gets the
        // shell and the app renders the right page (a member never sees the visitors' page
        // first). index.html, the prerendered landing page, is for the network's first visit.
        directoryIndex: 'shell.html',
        navigateFallback: '/shell.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Authenticated API answers are never cached by the worker; offline data lives in
        // IndexedDB (src/db/), stored deliberately by the app.
        runtimeCaching: [],
      },
    }),
    prerenderLanding(),
    // Last: brotli 11 and gzip 9 beside every compressible file, once (scripts/precompress.mjs).
    precompressDist(),
  ],
  resolve: {
    // Dexie's ES module itself, not its wrapper around the UMD build (whose CommonJS interop
    // would add a runtime chunk to the landing page's first load).
    alias: [{ find: /^dexie$/, replacement: 'dexie/dist/dexie.mjs' }],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph `make bench` reads for per-route sizes.
    manifest: true,
    // The prerender's nested build is slow by design; rolldown's timing advice is noise here.
    rollupOptions: {
      // The eager French namespaces are both imported and in the lazy glob of every namespace
      // (src/i18n/index.ts): that the glob's import of them stays in the entry is intended.
      checks: { pluginTimings: false, ineffectiveDynamicImport: false },
      // The landing route's first load in one chunk beside the entry: one gzip stream compresses
      // better than ten small files (the landing route's budget). Lazy pages keep their own chunks.
      output: {
        codeSplitting: {
          groups: [
            { name: 'landing', tags: ['$initial'], priority: 20 },
            { name: 'pages', test: /\/src\/(components|lib|api|features\/[^/]+\/(queries|mutations|[A-Z]\w+Card))\b/, minShareCount: 2, priority: 5 },
          ],
        },
      },
    },
    // Every browser the centre's members use supports <link rel="modulepreload">. The offline
    // store, the admin's sync badge and the sync itself (src/sync/SyncStarter.tsx), imported from
    // the landing page's code, fetch their own imports when they load (no preload list for them
    // in the first chunk: its size budget).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) => (/^assets\/(cache|SyncStatus|SyncStarter)-/.test(filename) ? [] : deps),
    },
  },
  // The development loop (README): the server's --public-url names this port, so Vite must not
  // quietly take another one (every write would then be refused as from another site).
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // IndexedDB for Dexie (src/db/) in every test.
    setupFiles: ['fake-indexeddb/auto'],
    // Keeping answers for offline use waits for a page's first seconds (src/lib/idle.ts).
    expect: { poll: { timeout: 5000 } },
    // make test runs Vitest beside the browser suites on two cores: a render that takes 1 s on
    // an idle machine can take ten times that there. A limit, not a measure.
    testTimeout: 30_000,
  },
});
