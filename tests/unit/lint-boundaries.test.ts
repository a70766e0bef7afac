/// <reference types="node" />
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries are only worth something if lint fails when one is
 * broken. Each fixture breaks one rule; it is linted with the repository's own
 * eslint.config.js as if it lived where the break would happen.
 */
// No trailing slash: with one, the TypeScript resolver finds no tsconfig for the file and `@/` imports resolve to nothing.
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const fixtures = 'tests/unit/fixtures/boundaries';

let eslint: ESLint;
beforeAll(() => {
  // The fixtures are in the config's ignores so `npm run lint` stays green; here they are linted on purpose.
  eslint = new ESLint({ cwd: root, ignore: false });
});

async function lintAs(fixture: string, path: string): Promise<{ rule: string | null; message: string }[]> {
  const code = readFileSync(join(root, fixtures, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

function boundary(message: string) {
  return { rule: 'import-x/no-restricted-paths', message: expect.stringContaining(message) };
}

describe('import boundaries fail lint when broken', { timeout: 120_000 }, () => {
  it('shared code importing a feature', async () => {
    expect(await lintAs('shared-imports-feature.ts', 'src/lib/boundary-fixture.ts')).toEqual([
      boundary('Shared code must not import features, routes or the app.'),
    ]);
  });

  it('lib importing the store or the launch', async () => {
    const expected = boundary('src/lib is the bottom layer');
    expect(await lintAs('lib-imports-store.ts', 'src/lib/boundary-fixture.ts')).toEqual([expected, expected]);
  });

  it('the store importing the launch', async () => {
    expect(await lintAs('store-imports-launch.ts', 'src/db/boundary-fixture.ts')).toEqual([boundary('The store must not import the launch')]);
  });

  it('a feature importing another feature', async () => {
    expect(await lintAs('feature-imports-feature.ts', 'src/features/blog/boundary-fixture.ts')).toEqual([
      boundary('A feature must not import another feature.'),
    ]);
  });

  it('a feature importing the app or a route', async () => {
    const expected = boundary('A feature must not import routes or the app: they import features, not the other way.');
    expect(await lintAs('feature-imports-app.ts', 'src/features/blog/boundary-fixture.ts')).toEqual([expected, expected]);
  });

  it('the app importing a private file of an edge function', async () => {
    expect(await lintAs('app-imports-function.ts', 'src/features/payments/boundary-fixture.ts')).toEqual([
      boundary('The app may import only supabase/functions/_shared/app-contract.ts from the edge functions.'),
    ]);
  });

  it('a feature opening the database its own way instead of useDatabase() or loadDatabase()', async () => {
    expect(await lintAs('feature-opens-database.ts', 'src/features/search/boundary-fixture.ts')).toEqual([
      { rule: '@typescript-eslint/no-restricted-imports', message: expect.stringContaining('Reach the database with useDatabase()') },
    ]);
  });

  it('a feature, the app or a route writing the local store around the write path', async () => {
    const expected = { rule: 'no-restricted-syntax', message: expect.stringContaining('Write the local store through mutate()') };
    for (const path of ['src/features/discussions/boundary-fixture.ts', 'src/app/boundary-fixture.ts', 'src/routes/boundary-fixture.ts']) {
      expect(await lintAs('feature-writes-store.ts', path)).toEqual([expected, expected, expected, expected]);
    }
  });

  it('passes a feature writing through mutate(), src/db functions, the server and the DOM', async () => {
    expect(await lintAs('feature-writes-allowed.ts', 'src/features/discussions/boundary-fixture.ts')).toEqual([]);
  });

  it('the local stack importing the project it serves', async () => {
    const expected = boundary('The local stack is a package of its own');
    expect(await lintAs('local-stack-imports-project.ts', 'supabase/local/gateway/boundary-fixture.ts')).toEqual([expected, expected]);
  });

  it('a function of the sync engine longer than 80 lines', async () => {
    const body = (lines: number) => `export function step(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;
    const lint = async (code: string) =>
      (await eslint.lintText(code, { filePath: join(root, 'src/db/replication/boundary-fixture.ts') }))[0].messages.map((m) => m.ruleId);
    expect(await lint(body(81))).toEqual(['max-lines-per-function']);
    expect(await lint(body(80))).toEqual([]);
  });

  it('an import cycle', async () => {
    const [result] = await eslint.lintFiles([`${fixtures}/cycle-a.ts`]);
    expect(result.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
  });

  it('passes a feature importing its own files, shared code and the shared function module', async () => {
    expect(await lintAs('allowed-imports.ts', 'src/features/payments/boundary-fixture.ts')).toEqual([]);
  });
});
