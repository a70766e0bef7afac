import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config';
import { findDenoBin } from '../../supabase/local/gateway/functions/deno';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const FUNCTIONS_DIR = join(ROOT, 'supabase/functions');
const FUNCTIONS = readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name);
const config = loadConfig({ projectDir: ROOT });

/** Environment variables a function reads itself (Supabase gives every function the SUPABASE_* ones). */
function secretsRead(name: string): string[] {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.ts')) {
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(/(?:getEnv|requireEnv|Deno\.env\.get)\(\s*'([A-Z0-9_]+)'/g)) names.add(match[1]!);
      }
    }
  };
  visit(join(FUNCTIONS_DIR, name));
  visit(join(FUNCTIONS_DIR, '_shared'));
  return [...names].filter((n) => !n.startsWith('SUPABASE_')).sort();
}

/** The README's deploy table: `| \`function\` | \`SECRET\`, ... |`. */
function readmeSecrets(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n')) {
    const row = /^\s*\| `([a-z0-9-]+)` \| (.*) \|\s*$/.exec(line);
    if (!row || !FUNCTIONS.includes(row[1]!)) continue;
    rows.set(row[1]!, [...row[2]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!).sort());
  }
  return rows;
}

describe('edge functions deploy as they are', () => {
  it('config.toml names an existing deno.json for every function, as `supabase functions deploy` looks it up', () => {
    expect(FUNCTIONS.length).toBeGreaterThanOrEqual(4);
    for (const name of FUNCTIONS) {
      const importMap = config.functions[name]?.importMap;
      expect(importMap, name).toBeDefined();
      expect(() => readFileSync(importMap!, 'utf8'), name).not.toThrow();
    }
  });

  it('pins each package a function shares with the app to the version the app runs', () => {
    const importMap = JSON.parse(readFileSync(join(FUNCTIONS_DIR, 'deno.json'), 'utf8')) as { imports: Record<string, string> };
    for (const [bare, target] of Object.entries(importMap.imports)) {
      const pinned = /^npm:(@?[^@]+)@(.+)$/.exec(target);
      expect(pinned, target).not.toBeNull();
      expect(pinned![1]).toBe(bare);
      const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules', bare, 'package.json'), 'utf8')) as { version: string };
      expect(pinned![2], bare).toBe(installed.version);
    }
  });

  it('type-checks every function with deno from the repository root, resolved as the deploy resolves it, against the committed lock', async () => {
    // One run per import map: the functions that share one resolve identically.
    const byImportMap = new Map<string, string[]>();
    for (const name of FUNCTIONS) {
      const importMap = config.functions[name]!.importMap!;
      byImportMap.set(importMap, [...(byImportMap.get(importMap) ?? []), name]);
    }
    for (const [importMap, names] of byImportMap) {
      const { stderr } = await run(
        findDenoBin(),
        ['check', '--quiet', `--config=${relative(ROOT, importMap)}`, '--frozen', ...names.map((name) => `supabase/functions/${name}/index.ts`)],
        {
          cwd: ROOT,
          env: { ...process.env, DENO_DIR: join(ROOT, '.local', 'deno'), DENO_NO_PACKAGE_JSON: '1', NO_COLOR: '1' },
        },
      );
      expect(stderr, names.join(', ')).toBe('');
    }
  }, 120_000);

  it("lists every secret each function reads in the README's deploy steps", () => {
    const listed = readmeSecrets();
    for (const name of FUNCTIONS) expect(listed.get(name), name).toEqual(secretsRead(name));
  });
});
