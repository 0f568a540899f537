// Vite plugin: after the client bundle is generated, builds src/prerender.tsx for Node, renders
// the landing page and writes it into index.html's <!--app-html--> placeholder (with the
// translated title and description), and emits shell.html, the same page with only its frame
// (the header, a loading line, the footer below the fold), for every other client route, with
// its per-route variants (scripts/route-shells.mjs). It runs
// inside `vite build`, before vite-plugin-pwa lists the files
// to precache, so the service worker caches exactly what the server sends.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { ADMIN_TABS, emitRouteShells, VISITOR_META } from './route-shells.mjs';

const PLACEHOLDER = '<!--app-html-->';
// UpdatePrompt's virtual module exists only in the client build: a no-op stand-in for Node.
const PWA_REGISTER = 'virtual:pwa-register/react';
const PWA_STUB = `export function useRegisterSW() {
  return { needRefresh: [false, () => {}], offlineReady: [false, () => {}], updateServiceWorker: async () => {} };
}`;

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** @returns {import('vite').Plugin} */
export function prerenderLanding() {
  let root = process.cwd();
  return {
    name: 'centre:prerender-landing',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') {
        this.error('prerender: index.html is not in the bundle');
        return;
      }
      const template = String(page.source);
      if (!template.includes(`<div id="root">${PLACEHOLDER}`)) this.error(`prerender: index.html has no <div id="root">${PLACEHOLDER}`);

      // Inside node_modules so that the externalised packages resolve from the output.
      const outDir = join(root, 'node_modules/.centre-prerender');
      rmSync(outDir, { recursive: true, force: true });
      mkdirSync(outDir, { recursive: true });
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [
          react(),
          {
            name: 'centre:pwa-register-stub',
            resolveId: (id) => (id === PWA_REGISTER ? `\0${PWA_REGISTER}` : null),
            load: (id) => (id === `\0${PWA_REGISTER}` ? PWA_STUB : null),
          },
        ],
        build: {
          ssr: 'src/prerender.tsx',
          outDir,
          emptyOutDir: true,
          target: 'node20',
          rollupOptions: { output: { entryFileNames: 'prerender.mjs' }, checks: { pluginTimings: false } },
        },
      });
      const { render } = await import(pathToFileURL(join(outDir, 'prerender.mjs')).href);
      const landing = await render('/');
      if (!landing.html.includes('id="services"')) this.error('prerender: the landing page rendered without its sections');

      // The shell draws the header and a lazy page's loading line before any JavaScript runs
      // (a first paint for a phone on a slow network); the app then renders in its place. The
      // footer is below the fold (Layout's main is a screen tall), so nothing visible moves.
      const frame = await render('/events', { whoUnknown: true });
      if (!frame.html.includes('<header')) this.error('prerender: the shell rendered without its header');
      const shell = template.replace(PLACEHOLDER, frame.html);
      this.emitFile({ type: 'asset', fileName: 'shell.html', source: shell });
      // The console's first screen, its title and tabs for the role, for the shells of an admin
      // (one per tab, that tab chosen) and of a supervisor (the server knows the role;
      // features/admin/ConsoleFrame.tsx draws the same).
      const consoleShell = async (url, role) => {
        const frameOf = await render(url, { whoUnknown: true, role });
        if (!frameOf.html.includes('<h1') || !frameOf.html.includes('aria-selected="true"')) {
          this.error(`prerender: the ${role}'s console frame at ${url} has no title or chosen tab`);
        }
        return template.replace(PLACEHOLDER, frameOf.html);
      };
      const admin = {};
      for (const tab of Object.keys(ADMIN_TABS)) admin[tab] = await consoleShell(`/admin?tab=${tab}`, 'admin');
      const supervisor = await consoleShell('/admin', 'supervisor');
      emitRouteShells(this, bundle, root, { plain: shell, admin, supervisor });
      page.source = template
        // The one page the browser adopts as it is (hydration: src/main.tsx); the shells' frame
        // is drawn again by the app.
        .replace(`<div id="root">${PLACEHOLDER}`, `<div id="root" data-prerendered="landing">${landing.html}`)
        // The server sends index.html only to somebody signed out (a member gets the member
        // home's shell): the app asks nothing about who is signed in (lib/pageHints.ts).
        .replace('</head>', `  ${VISITOR_META}\n  </head>`)
        .replace(/<html lang="[^"]*">/, `<html lang="${landing.lang}">`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(landing.title)}</title>`)
        .replace(
          /<meta name="description" content="[^"]*"\s*\/?>/,
          `<meta name="description" content="${escapeHtml(landing.description)}" />`,
        );
    },
  };
}
