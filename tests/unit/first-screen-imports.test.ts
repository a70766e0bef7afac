import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../src');

/** The file a specifier names inside src (`@/…` or relative), or null for a package. */
function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(SRC, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  const file = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  if (file) return file;
  throw new Error(`${specifier} (from ${from}) names no file`);
}

/** The specifiers a module imports for its code: static imports and re-exports, not `import type` nor `import()`. */
function codeImports(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !statement.isTypeOnly) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/**
 * What a module loads with it (its static import graph): every package and every file of src (named from src),
 * each with one path that brings it. `skip`: files of src not followed.
 */
function loadedBy(module: string, skip: string[] = []): { packages: Map<string, string[]>; files: Map<string, string[]> } {
  const packages = new Map<string, string[]>();
  const files = new Map<string, string[]>();
  const walk = (file: string, path: string[]) => {
    const name = file.slice(SRC.length + 1);
    if (files.has(name) || skip.includes(name)) return;
    files.set(name, path);
    for (const specifier of codeImports(file)) {
      const local = resolveLocal(file, specifier);
      if (local) walk(local, [...path, local.slice(SRC.length + 1)]);
      else if (!packages.has(specifier)) packages.set(specifier, path);
    }
  };
  walk(join(SRC, module), [module]);
  return { packages, files };
}

const packagesLoadedBy = (route: string) => loadedBy(route).packages;

describe("a shared link's first screen", () => {
  // RxDB's engine is the store's, loaded as the store opens; a first visit paints from the server's answer.
  // In the thread's and blog post's first chunk it cost a first visit 42 KB of compressed script on the way
  // to the title (the Keep offline and bookmark buttons imported their writes).
  it.each(['routes/discussions/thread/$threadId.tsx', 'routes/blog/$slug.tsx', 'routes/discussions/index.tsx'])('%s loads no RxDB engine with it', (route) => {
    const packages = packagesLoadedBy(route);
    expect(packages.size).toBeGreaterThan(3);
    expect(packages.has('react')).toBe(true);
    const engine = [...packages].filter(([name]) => name === 'rxdb' || name.startsWith('rxdb/plugins/storage') || name.startsWith('rxdb/plugins/replication'));
    expect(engine.map(([name, path]) => `${name} via ${path.join(' > ')}`)).toEqual([]);
  });
});

describe('the entry every first visit runs', () => {
  // The store's write path (mutate, the outbox, the pending-insert hold) belongs to the store, which loads after
  // the first screen. The auth provider's profile source brought it into the entry chunk (2 KB of brotli, on every
  // first visit). The table declarations stay: a shared link's early reads build their requests from them.
  it('loads no part of the write path', () => {
    // Not the route tree: the build splits each route's screen into a chunk of its own, which a static walk
    // cannot tell; the tests above check the shared links' routes.
    const { files } = loadedBy('main.tsx', ['routeTree.gen.ts']);
    expect(files.size).toBeGreaterThan(50);
    expect(files.has('app/app.tsx')).toBe(true);
    const store = [...files].filter(([name]) => ['db/mutate.ts', 'db/outbox.ts', 'db/pending-inserts.ts'].includes(name));
    expect(store.map(([name, path]) => `${name} via ${path.join(' > ')}`)).toEqual([]);
  });
});
