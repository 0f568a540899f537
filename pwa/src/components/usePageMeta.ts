import { useEffect } from 'react';
import i18n from '../i18n';

/** Sets the page's translated document title and meta description (the site's by default). */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = title;
    const text = description ?? i18n.t('meta.description', { ns: 'common' });
    document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [title, description]);
}
