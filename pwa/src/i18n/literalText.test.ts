import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLiteralText } from './literalText';

const src = join(import.meta.dirname, '..');

function componentFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith(join('core', 'pkg')) ? [] : componentFiles(path);
    return name.endsWith('.tsx') && !name.includes('.test.') ? [path] : [];
  });
}

describe('the literal text finder', () => {
  it('finds JSX text, rendered strings and readable attributes', () => {
    const found = findLiteralText(`
      export const A = ({ ok, t }) => (
        <div title="Aide" data-x="ignored-attribute">
          Bonjour
          {'Salut'}
          {ok ? 'Oui' : t('no')}
          {ok && \`Total \${1}\`}
          <img alt="Logo du centre" />
          <input placeholder={'Votre nom'} aria-label={t('name')} />
          <Field label="Courriel" />
        </div>
      );`);
    expect(found.map((f) => f.text)).toEqual(['Aide', 'Bonjour', 'Salut', 'Oui', 'Total', 'Logo du centre', 'Votre nom', 'Courriel']);
  });

  it('accepts translations, symbols and non-text attributes', () => {
    const found = findLiteralText(`
      export const B = ({ t, n }) => (
        <p className="text-sm" id="x" aria-hidden="true" lang="en">
          {t('hello', { name: 'Camille' })} * — × {n} / {'·'} {String(n)}
          <span role="img" aria-label={t('flag')}>{n > 1 ? t('many') : t('one')}</span>
        </p>
      );`);
    expect(found).toEqual([]);
  });
});

describe('components', () => {
  const files = componentFiles(src);

  it('are found', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  for (const file of files) {
    it(`${relative(src, file)} has no literal UI text (use t() and the locales)`, () => {
      const found = findLiteralText(readFileSync(file, 'utf8'), file).map((f) => `line ${f.line} (${f.where}): ${f.text}`);
      expect(found).toEqual([]);
    });
  }
});
