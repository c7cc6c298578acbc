// @vitest-environment node
// The import graph of src/ (source files, tests left out): no file reaches itself through its
// imports, type-only and import() ones included, and no folder holds more than MAX_FILES files
// directly. Every relative specifier is resolved against the importing file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

const MAX_FILES = 20;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (SOURCE.test(name) && !TEST.test(name)) out.push(p);
  }
  return out;
}

/** The file a relative specifier names, or null (a package, an asset, a file that is not there). */
function resolve(from: string, specifier: string, files: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) if (files.has(base + ext)) return base + ext;
  return null;
}

/** Each file's imports within `files`: static, type-only, re-exports, import() and import types. */
function importGraph(files: string[], read = (f: string) => readFileSync(f, 'utf8')): Map<string, string[]> {
  const all = new Set(files);
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const { importedFiles } = ts.preProcessFile(read(f), true, true);
    const targets = importedFiles.map((i) => resolve(f, i.fileName, all)).filter((t): t is string => t !== null);
    graph.set(f, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of a graph (strongly connected components of more than one file, or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');

describe('the import graph of src/', () => {
  const files = sourceFiles(path.join(root, 'src'));

  it('has no circles, type-only imports and import() included', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(circles(importGraph(files)).map((c) => c.map(rel))).toEqual([]);
  });

  it('finds a circle made of a type-only import and an import()', () => {
    const code: Record<string, string> = {
      '/p/a.ts': "import type { B } from './b';",
      '/p/b.ts': "export const c = () => import('./c');",
      '/p/c.ts': "export { a } from './a';",
      '/p/d.ts': "import { a } from './a';",
    };
    const graph = importGraph(Object.keys(code), (f) => code[f]!);
    expect(circles(graph)).toEqual([['/p/a.ts', '/p/b.ts', '/p/c.ts']]);
  });

  it(`keeps every folder at ${MAX_FILES} source files or fewer (tests left out)`, () => {
    const perFolder = new Map<string, number>();
    for (const f of files) perFolder.set(rel(path.dirname(f)), (perFolder.get(rel(path.dirname(f))) ?? 0) + 1);
    const over = [...perFolder].filter(([, n]) => n > MAX_FILES);
    expect(over).toEqual([]);
  });
});
