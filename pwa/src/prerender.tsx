// Build-time render of the landing page (French, visitor, events loading) into index.html, so
// its text is in the HTML the server sends. Built and run by scripts/prerender.ts during
// `vite build`; the browser then hydrates it (main.tsx).
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import i18n from './i18n';
import { App } from './App';
import { Root } from './Root';
import { createQueryClient } from './api/queryClient';

export async function render(url: string) {
  await i18n.changeLanguage('fr');
  const html = renderToString(
    <Root queryClient={createQueryClient()}>
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
