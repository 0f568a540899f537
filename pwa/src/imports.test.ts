// No import circle in the PWA's code: a module never imports, through others, the module it is
// part of. A circle makes the order modules load in matter (a value read before it is defined)
// and hides which part depends on which. Reads every static import of src/ (a type-only import
// adds no code, and a lazy `import()` loads a chunk later: neither is a circle at load time).
// Checked once by planting `import { GrantsTab } from './GrantsTab';` in features/admin/queries.ts
// (GrantsTab.tsx imports queries.ts): it failed naming both files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;

function modules(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!path.endsWith(join('core', 'pkg'))) modules(path, out);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

/** Each module's static, non-type imports of other modules of src/. */
export function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  const resolve = (from: string, spec: string) => {
    const base = normalize(join(dirname(from), spec));
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => known.has(c));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps: string[] = [];
    for (const match of read(file).matchAll(STATIC_IMPORT)) {
      if (match[2]) continue;
      const target = resolve(file, match[3] ?? '');
      if (target) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** The circles of `graph` (Tarjan's strongly connected components of more than one module). */
export function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("the PWA's imports", () => {
  it('form no circle', () => {
    const files = modules(src);
    expect(files.length).toBeGreaterThan(100);
    const found = circles(importGraph(files, (file) => readFileSync(file, 'utf8'))).map((c) => c.map((f) => relative(src, f)));
    expect(found).toEqual([]);
  });

  it('are read as they are written', () => {
    const files = ['/s/a.ts', '/s/b.tsx', '/s/c/index.ts', '/s/d.ts'];
    const sources: Record<string, string> = {
      '/s/a.ts': "import { b } from './b';\nimport type { D } from './d';",
      '/s/b.tsx': "export { c } from './c';\nconst lazy = () => import('./a');",
      '/s/c/index.ts': "import {\n  a,\n} from '../a';",
      '/s/d.ts': "import { a } from './a';",
    };
    const graph = importGraph(files, (file) => sources[file] ?? '');
    expect(graph.get('/s/a.ts')).toEqual(['/s/b.tsx']);
    expect(graph.get('/s/b.tsx')).toEqual(['/s/c/index.ts']);
    expect(circles(graph)).toEqual([['/s/a.ts', '/s/b.tsx', '/s/c/index.ts']]);
  });
});
