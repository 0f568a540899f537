// Build-time render of the landing page (French, a visitor, events loading) into index.html, so
// its text is in the HTML the server sends. Built and run by scripts/prerender.ts during
// `vite build`; the browser then hydrates it (main.tsx).
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import i18n from './i18n';
import { App } from './App';
import { Root } from './Root';
import type { Role } from './api/types';
import { setPrerenderHints } from './lib/pageHints';

/**
 * `whoUnknown`: render as the app's first screen does while it asks who is signed in (the
 * header without its sign-in button or menu): the route shells' frame, the same for a
 * visitor and a member (scripts/prerender.mjs). `role`: the console's role the server knew
 * (the console's frame for an admin or a supervisor, lib/pageHints.ts).
 */
export async function render(url: string, { whoUnknown = false, role = null as Role | null } = {}) {
  await i18n.changeLanguage('fr');
  setPrerenderHints({ who: whoUnknown ? 'unknown' : 'visitor', role });
  const html = renderToString(
    <Root>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </Root>,
  );
  return {
    html,
    lang: 'fr',
    title: i18n.t('meta.title', { ns: 'landing' }),
    description: i18n.t('meta.description', { ns: 'landing' }),
  };
}
