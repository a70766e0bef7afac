import { readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../../scripts/db-types';
import { startStackProcess, testStackLocation, type RunningStack } from '../support/stack-process';

/**
 * The committed types are what the migrations give. A private stack of its own, because other suites add
 * probe tables to the shared one while they run.
 */
describe('generated database types', () => {
  let stack: RunningStack;
  let localDir: string;

  beforeAll(async () => {
    const location = await testStackLocation('db-types');
    localDir = location.localDir;
    stack = await startStackProcess(location);
  });

  afterAll(async () => {
    await stack?.stop();
    if (localDir) rmSync(localDir, { recursive: true, force: true });
  });

  it('src/db/database.types.ts matches the migrations (run `npm run db:types` when this fails)', async () => {
    const generated = await generateDatabaseTypes(stack.status.DB_URL);
    expect(generated).toBe(readFileSync(DATABASE_TYPES_FILE, 'utf8'));
  });

  it('a column a migration adds makes the committed file stale', async () => {
    const db = new pg.Client({ connectionString: stack.status.DB_URL });
    await db.connect();
    try {
      await db.query('alter table public.discussions add column types_probe text');
    } finally {
      await db.end();
    }
    const generated = await generateDatabaseTypes(stack.status.DB_URL);
    expect(generated).toContain('types_probe: string | null');
    expect(generated).not.toBe(readFileSync(DATABASE_TYPES_FILE, 'utf8'));
  });
});
