import { describe, expect, it } from 'vitest';
import { resources } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('translations', () => {
  it('has the same namespaces in French and English', () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.fr).sort());
  });

  for (const ns of Object.keys(resources.fr)) {
    it(`has the same keys in both languages for ${ns}`, () => {
      expect(keys(resources.en[ns]).sort()).toEqual(keys(resources.fr[ns]).sort());
    });
  }

  it('keeps the French 404 title from the spec', () => {
    expect((resources.fr.common as { notFound: { title: string } }).notFound.title).toBe('404 Page Not Found');
  });
});
