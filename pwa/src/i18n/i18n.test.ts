import { describe, expect, it } from 'vitest';
import { EAGER_NAMESPACES, namespaces } from './index';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, unknown>> = { fr: {}, en: {} };
for (const [path, mod] of Object.entries(files)) {
  const match = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (match) {
    resources[match[1] as string] ??= {};
    (resources[match[1] as string] as Record<string, unknown>)[match[2] as string] = mod.default;
  }
}

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('translations', () => {
  it('has exactly the languages fr and en', () => {
    expect(Object.keys(resources).sort()).toEqual(['en', 'fr']);
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

  it('keeps the spec texts', () => {
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
