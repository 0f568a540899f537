import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { i18nReady, storedLang } from './i18n';
import './index.css';
import { App } from './App';
import { Root } from './Root';
import { serverSaidVisitor } from './lib/pageHints';
import { PRERENDERED_PATHS } from './prerender-paths';

const container = document.getElementById('root');

/** The HTML the server sent for a visitor's `/` holds the French landing page (prerendered at
 *  build time, for a visitor). React adopts it as it is when the first render will be the same
 *  page; otherwise (a route shell's frame, English, a page the service worker answered, so
 *  nobody knows yet who asked) it renders anew in its place. */
function firstRenderMatchesPrerender(): boolean {
  if (container?.dataset.prerendered !== 'landing') return false;
  if (!PRERENDERED_PATHS.includes(window.location.pathname)) return false;
  return storedLang() === 'fr' && serverSaidVisitor();
}

async function start(container: HTMLElement) {
  const hydrate = firstRenderMatchesPrerender();
  // French texts are bundled (ready at once); English ones are a small chunk to wait for.
  await i18nReady;
  const app = (
    <Root>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Root>
  );
  if (hydrate) hydrateRoot(container, app);
  else {
    // A transition: React renders the first screen in slices and lets the browser breathe
    // between them, instead of one long task (a phone's main thread; Lighthouse's TBT).
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

if (container) void start(container);
