/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments state the behaviour or the reason themselves. A pointer into a
 * document that is not in the repository (a part, section or call number of
 * the product or design notes) tells the next reader nothing, so none may
 * come back. This file is skipped: its patterns and their samples are the rule
 * itself. Applied migrations are immutable and are left out.
 */
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const scanned = ['src', 'sw', 'scripts', 'tests', 'supabase/functions', 'supabase/local', 'supabase/seed', '.ci'];
const skipped = new Set(['node_modules', '.local', 'dist', 'migrations', 'test-results', 'playwright-report']);
const textFile = /\.(ts|tsx|js|mjs|cjs|sql|md|sh|json|html|css)$|^run$/;
const self = relative(root, fileURLToPath(import.meta.url));

/** Each pattern is a way a comment has pointed outside the repository. */
const CITATIONS: { pattern: RegExp; example: string }[] = [
  { pattern: /\bspec\s+[AB]\b/i, example: 'spec B call 7' },
  { pattern: /\bpart-[ab]\b/i, example: 'part-b' },
  { pattern: /ARCHITECTURE\.md/, example: 'ARCHITECTURE.md section 5' },
  { pattern: /§/, example: '§ 3.2' },
  { pattern: /\bsections?\s+\d/i, example: 'sections 5, 8 and 9' },
  { pattern: /\bcalls?\s+B?\d+\b/i, example: 'call 30' },
  { pattern: /\bthe spec\b|\bspec['’]s\b/i, example: "the spec's order" },
];

function* files(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    if (skipped.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (textFile.test(name)) yield path;
  }
}

function citationsIn(text: string): string[] {
  return text.split('\n').filter((line) => CITATIONS.some(({ pattern }) => pattern.test(line)));
}

describe('no comment cites a document outside the repository', () => {
  it('every pattern recognises the citation it stands for', () => {
    for (const { pattern, example } of CITATIONS) expect(pattern.test(`// as in ${example}`), example).toBe(true);
    expect(citationsIn('/** Soft delete: replication carries `_deleted`. */')).toEqual([]);
  });

  it('the source tree has none', () => {
    const found: string[] = [];
    for (const dir of scanned) {
      for (const path of files(join(root, dir))) {
        const rel = relative(root, path);
        if (rel === self) continue;
        for (const line of citationsIn(readFileSync(path, 'utf8'))) found.push(`${rel}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
