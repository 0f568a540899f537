import { describe, expect, it } from 'vitest';
import { EAGER_NAMESPACES, namespaces } from './index';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
// Built from the files alone: a language or namespace is here only when a file brings it.
const resources: Record<string, Record<string, unknown>> = {};
for (const [path, mod] of Object.entries(files)) {
  const match = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (match) {
    const [, lang, ns] = match as unknown as [string, string, string];
    resources[lang] ??= {};
    (resources[lang] as Record<string, unknown>)[ns] = mod.default;
  }
}

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** The keys of `from` that `to` lacks, each named `lang/namespace:key`. */
function missing(from: Record<string, unknown>, to: Record<string, unknown>, lang: string): string[] {
  return Object.keys(from).flatMap((ns) => {
    const present = new Set(to[ns] === undefined ? [] : keys(to[ns]));
    return keys(from[ns]).filter((key) => !present.has(key)).map((key) => `${lang}/${ns}:${key}`);
  });
}

describe('translations', () => {
  it('has exactly the languages fr and en, each with its files', () => {
    expect(Object.keys(resources).sort()).toEqual(['en', 'fr']);
    expect(Object.keys(resources.fr ?? {}).length).toBeGreaterThan(0);
    expect(Object.keys(resources.en ?? {}).length).toBeGreaterThan(0);
  });

  it('names a key that one language has and the other lacks', () => {
    // A hand-written pair: the check below must see a key missing on either side.
    const fr = { common: { ok: 'OK', nested: { yes: 'Oui', no: 'Non' } }, only: { a: 'a' } };
    const en = { common: { ok: 'OK', nested: { yes: 'Yes' }, extra: 'Extra' } };
    expect(missing(fr, en, 'en')).toEqual(['en/common:nested.no', 'en/only:a']);
    expect(missing(en, fr, 'fr')).toEqual(['fr/common:extra']);
    expect(missing(fr, fr, 'fr')).toEqual([]);
  });

  it('has every key in both languages', () => {
    const fr = resources.fr ?? {};
    const en = resources.en ?? {};
    expect(missing(fr, en, 'en'), 'keys French has and English lacks').toEqual([]);
    expect(missing(en, fr, 'fr'), 'keys English has and French lacks').toEqual([]);
  });

  it('has the same namespaces in French and English', () => {
    expect(Object.keys(resources.en ?? {}).sort()).toEqual(Object.keys(resources.fr ?? {}).sort());
    expect(namespaces.sort()).toEqual(Object.keys(resources.fr ?? {}).sort());
    for (const ns of EAGER_NAMESPACES) expect(namespaces).toContain(ns);
  });

  for (const ns of Object.keys(resources.fr ?? {})) {
    it(`has the same keys in both languages for ${ns}`, () => {
      expect(keys(resources.en?.[ns]).sort()).toEqual(keys(resources.fr?.[ns]).sort());
    });

    it(`has no empty text in ${ns}`, () => {
      for (const lang of ['fr', 'en']) {
        const empty = keys(resources[lang]?.[ns]).filter((key) => {
          const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], resources[lang]?.[ns]);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${lang}/${ns}`).toEqual([]);
      }
    });
  }

  it('keeps the texts whose wording is fixed, word for word', () => {
    const fr = resources.fr as Record<string, Record<string, Record<string, Record<string, string>>>>;
    const en = resources.en as typeof fr;
    expect(fr.common?.notFound?.title).toBe('404 Page Not Found');
    expect(fr.common?.auth?.unauthorized?.title).toBe('Non autorisé');
    expect(en.common?.auth?.unauthorized?.title).toBe('Unauthorized');
    expect(en.common?.auth?.unauthorized?.message).toBe('You must be logged in. Redirecting to login page...');
    expect(fr.landing?.services?.underConstruction).toBe('En construction');
    expect(fr.home?.registrations?.title).toBe('Mes inscriptions');
  });
});
