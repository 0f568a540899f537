import { useEffect } from 'react';
import i18n from '../i18n';

/**
 * Sets the document title, '{title} — {the centre's name}' in the interface language (`title`
 * alone when it already is a whole title, as the landing page's), and the meta description
 * (the site's by default).
 */
export function usePageMeta(title: string, description?: string, options: { whole?: boolean } = {}) {
  const whole = options.whole ?? false;
  useEffect(() => {
    document.title = whole ? title : i18n.t('meta.pageTitle', { ns: 'common', page: title });
    const text = description ?? i18n.t('meta.description', { ns: 'common' });
    document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [title, description, whole]);
}
