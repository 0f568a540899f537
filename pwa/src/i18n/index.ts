// i18next, French first. Every user-visible string lives in locales/{fr,en}/<namespace>.json.
// The chosen language is kept in local storage under LANG_KEY and restored at start; a missing
// English string falls back to French, then to the key.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANG_KEY = 'centre.lang';
export type Lang = 'fr' | 'en';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export const resources: Record<Lang, Record<string, Record<string, unknown>>> = { fr: {}, en: {} };
for (const [path, mod] of Object.entries(modules)) {
  const match = /\.\/locales\/(fr|en)\/([\w-]+)\.json$/.exec(path);
  if (match) resources[match[1] as Lang][match[2] as string] = mod.default;
}
export const namespaces = Object.keys(resources.fr);

export function storedLang(): Lang {
  try {
    return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'fr';
  } catch {
    return 'fr';
  }
}

export function currentLang(): Lang {
  return i18n.language === 'en' ? 'en' : 'fr';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLang(),
  fallbackLng: 'fr',
  supportedLngs: ['fr', 'en'],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLang(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
applyLang(i18n.language);
i18n.on('languageChanged', (lang) => {
  applyLang(lang);
  try {
    localStorage.setItem(LANG_KEY, lang === 'en' ? 'en' : 'fr');
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
});

export default i18n;
