// @vitest-environment node
// One word for one thing in src/: no two source files share a base name (a test beside its file
// aside), no name is exported by two files (route modules' `Component` aside: react-router's lazy
// routes read that name), and src/api makes no Response or Headers of its own outside tests, so a
// failure reaching a view is what happened on the wire, never an imitation of it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
// Names the framework asks every lazy route module for.
const SHARED_BY_CONTRACT = new Set(['Component']);

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else out.push(p);
  }
  return out;
}

const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
const src = path.join(root, 'src');
const all = files(src);
const sources = all.filter((f) => SOURCE.test(f) && !TEST.test(f) && !f.endsWith('.d.ts'));

/** Base names held by more than one file, a test's name read as its subject's. */
export function twinNames(paths: string[]): string[][] {
  const byName = new Map<string, string[]>();
  for (const p of paths) {
    const name = path
      .basename(p)
      .replace(/\.test(\.tsx?)$/, '$1')
      .replace(/\.(ts|tsx)$/, '');
    const base = path.join(path.dirname(p), name);
    const list = byName.get(name) ?? [];
    if (!list.includes(base)) list.push(base);
    byName.set(name, list);
  }
  return [...byName.values()].filter((l) => l.length > 1).map((l) => l.map(rel).sort());
}

/** The names a module exports (declarations and `export { … }` lists; re-exports of another file's name left out). */
export function exportedNames(text: string, fileName = 'x.ts'): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  const exported = (n: ts.Node) =>
    ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const s of file.statements) {
    if (ts.isExportDeclaration(s)) {
      // `export { x } from './y'` passes y's name on: y holds it, not this file.
      if (s.moduleSpecifier || !s.exportClause || !ts.isNamedExports(s.exportClause)) continue;
      for (const e of s.exportClause.elements) names.push(e.name.text);
    } else if (!exported(s)) continue;
    else if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
    } else if (
      (ts.isFunctionDeclaration(s) ||
        ts.isClassDeclaration(s) ||
        ts.isInterfaceDeclaration(s) ||
        ts.isTypeAliasDeclaration(s) ||
        ts.isEnumDeclaration(s)) &&
      s.name
    ) {
      names.push(s.name.text);
    }
  }
  return names;
}

/** Names exported by more than one file, with the files. */
export function doublyExported(modules: Map<string, string>): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const [f, text] of modules)
    for (const n of new Set(exportedNames(text, f))) {
      if (SHARED_BY_CONTRACT.has(n)) continue;
      by.set(n, [...(by.get(n) ?? []), f]);
    }
  return new Map([...by].filter(([, fs]) => fs.length > 1));
}

describe('the rules read what they should', () => {
  it('finds twins and reads a test as its subject', () => {
    expect(twinNames(['/r/src/a/x.ts', '/r/src/a/x.test.ts', '/r/src/b/y.ts'])).toEqual([]);
    expect(twinNames(['/r/src/a/x.ts', '/r/src/b/x.tsx']).map((l) => l.length)).toEqual([2]);
  });
  it('reads declarations and export lists, not re-exports from elsewhere', () => {
    const names = exportedNames(
      "export function f() {}\nexport const a = 1, b = 2;\nexport type T = 1;\nexport interface I {}\nconst c = 3;\nexport { c };\nexport { d } from './d';\nfunction g() {}",
    );
    expect(names.sort()).toEqual(['I', 'T', 'a', 'b', 'c', 'f']);
  });
  it('finds a name two files export', () => {
    const m = new Map([
      ['a.ts', 'export const x = 1; export function Component() {}'],
      ['b.ts', 'export type x = 2; export const Component = 1;'],
    ]);
    expect([...doublyExported(m).keys()]).toEqual(['x']);
  });
});

describe('src/ says one thing with one word', () => {
  it('no two files share a base name', () => {
    expect(twinNames(all.filter((f) => SOURCE.test(f)))).toEqual([]);
  });

  it('no name is exported by two files', () => {
    const modules = new Map(sources.map((f) => [rel(f), readFileSync(f, 'utf8')]));
    expect(Object.fromEntries(doublyExported(modules))).toEqual({});
  });

  it('src/api answers with what happened: no Response or Headers made up outside tests', () => {
    const api = sources.filter((f) => rel(f).startsWith('src/api/'));
    const made = api.filter((f) => /new (Response|Headers)\(/.test(readFileSync(f, 'utf8'))).map(rel);
    expect(made).toEqual([]);
  });
});
