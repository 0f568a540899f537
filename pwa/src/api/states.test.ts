// The contract's states (every string enum of api/openapi.json: PaymentStatus, MatchStatus,
// RoundType, SyncOutcome, Role…) have one source in the PWA: the generated schema, through
// src/api/types.ts. Nothing under src/ (the generated schema.d.ts and core/pkg aside) retypes a
// field with a `Narrow` helper or writes out a union of a state's literals by hand; a UI-only subset is
// derived from the schema's type with `Exclude<…>` or `Extract<…>`, which this check leaves alone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..');
const GENERATED = [join(src, 'api', 'schema.d.ts'), join(src, 'core', 'pkg')];

type Schema = { type?: string; enum?: unknown[] };
const contract = JSON.parse(readFileSync(join(src, '..', '..', 'api', 'openapi.json'), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};

/** Each string enum of the contract, by its schema's name. */
const STATES: [string, string[]][] = Object.entries(contract.components.schemas).flatMap(([name, schema]) =>
  schema.type === 'string' && Array.isArray(schema.enum) ? [[name, schema.enum.map(String)] as [string, string[]]] : [],
);

/** The old helper that retyped a schema's fields (spelt in two parts: this file is scanned too). */
const NARROW = new RegExp(String.raw`\bNarrow` + '<');

const QUOTED = String.raw`(['"])[A-Za-z_]+\1`;
/** Two or more quoted words joined by `|` (a type union), over lines too. */
const UNION = new RegExp(String.raw`${QUOTED}(?:\s*\|\s*${QUOTED.replace('\\1', '\\2')})+`, 'g');

/** What in `source` restates a state: the `Narrow` helper, or a union with two literals of the same state. */
function restatedStates(source: string): string[] {
  const found: string[] = [];
  if (NARROW.test(source)) found.push('Narrow');
  // A subset derived from the schema's type names its members inside Exclude<…>/Extract<…>.
  const code = source.replace(/\b(?:Exclude|Extract)<[^<>]*>/g, '');
  for (const [union] of code.matchAll(UNION)) {
    const literals = [...union.matchAll(/['"]([A-Za-z_]+)['"]/g)].map(([, word]) => word ?? '');
    for (const [name, members] of STATES) {
      if (literals.filter((word) => members.includes(word)).length >= 2) found.push(`${name}: ${union.replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

function files(dir: string): string[] {
  if (GENERATED.includes(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (GENERATED.includes(path)) return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `'a' | 'b'` from the words, written here without the union itself (this file is scanned too). */
const union = (...words: string[]) => words.map((word) => `'${word}'`).join(' | ');

describe("the contract's states", () => {
  it('are read from the contract', () => {
    const names = STATES.map(([name]) => name);
    for (const state of ['PaymentStatus', 'RegistrationStatus', 'RegistrationKind', 'TournamentStatus', 'MatchStatus', 'RoundType', 'ScoreKind', 'SyncOutcome', 'Role']) {
      expect(names).toContain(state);
    }
  });

  it('are told apart from the unions the PWA may write', () => {
    expect(restatedStates(`type P = ${union('pending', 'paid')};`)).toEqual([`PaymentStatus: ${union('pending', 'paid')}`]);
    expect(restatedStates(`status: ${union('scheduled', 'in_progress')} | null`)).toEqual([`MatchStatus: ${union('scheduled', 'in_progress')}`]);
    expect(restatedStates(`{ status: ${union('setup', 'in_progress', 'completed')} }`)).toContain(`TournamentStatus: ${union('setup', 'in_progress', 'completed')}`);
    expect(restatedStates(`outcome:\n  | ${union('applied', 'duplicate')}`)).toEqual([`SyncOutcome: ${union('applied', 'duplicate')}`]);
    expect(restatedStates(`type G = ${['Narrow', "<Schemas['GrantDto'], { role: string }>"].join('')};`)).toEqual(['Narrow']);
    // Derived from the schema's type, or not a state at all: left alone.
    expect(restatedStates(`type Zone = ${['Extract<RoundType, ', union('final', 'semifinal'), '>'].join('')};`)).toEqual([]);
    expect(restatedStates(`type Kind = ${['Exclude<Schemas[', "'ScoreKind'], ", union('forfeit', 'score'), '>'].join('')};`)).toEqual([]);
    expect(restatedStates(`size?: ${union('sm', 'md')}; state: 'pending' | SyncOutcome`)).toEqual([]);
  });

  it('are never retyped nor written out by hand under src/', () => {
    const found = files(src).flatMap((file) => restatedStates(readFileSync(file, 'utf8')).map((what) => `${relative(src, file)}: ${what}`));
    expect(found).toEqual([]);
  });
});
