// i18next, French first. Every user-visible string lives in locales/{fr,en}/<namespace>.json.
// The chosen language is kept in local storage under LANG_KEY and restored at start; a missing
// English string falls back to French, then to the key.
//
// Size: only the French text of the shell and the landing page (EAGER_NAMESPACES) is in the
// first bundle. English, and every other namespace, is its own small chunk, loaded when the
// language or a page needs it (react-i18next suspends until then; each lazy route has a
// Suspense boundary). A namespace used outside a lazy route (the Layout, the landing page)
// must be listed in EAGER_NAMESPACES.
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

const LANG_KEY = 'centre.lang';
type Lang = 'fr' | 'en';
export const EAGER_NAMESPACES = ['common', 'landing'];

type JsonModule = { default: Record<string, unknown> };
const eager = import.meta.glob<JsonModule>('./locales/fr/{common,landing}.json', { eager: true });
const lazyFiles = import.meta.glob<JsonModule>('./locales/*/*.json');

/** Every namespace that exists (the French files name them all). */
export const namespaces = Object.keys(lazyFiles)
  .map((path) => /\.\/locales\/fr\/([\w-]+)\.json$/.exec(path)?.[1])
  .filter((ns): ns is string => !!ns);

const bundled: Record<string, ResourceKey> = {};
for (const [path, mod] of Object.entries(eager)) {
  const ns = /\/([\w-]+)\.json$/.exec(path)?.[1];
  if (ns) bundled[ns] = mod.default;
}

/** Loads locales/{lng}/{ns}.json on demand. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyFiles[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

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

/** Resolves once the start-up language's shell texts are there (at once in French). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: { fr: bundled },
    partialBundledLanguages: true,
    lng: storedLang(),
    fallbackLng: 'fr',
    supportedLngs: ['fr', 'en'],
    ns: EAGER_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { bindI18n: 'languageChanged loaded' },
  });

function applyLang(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
applyLang(storedLang());
i18n.on('languageChanged', (lang) => {
  applyLang(lang);
  try {
    localStorage.setItem(LANG_KEY, lang === 'en' ? 'en' : 'fr');
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
});

export default i18n;
