import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config';
import pg from 'pg';
import { assertCurrentBase, migrate, MigrationError } from '../../supabase/local/migrate';
import { adminDbUrl } from '../../supabase/local/postgres';
import { testStack, withDb } from '../support/clients';

const dbPort = () => Number(new URL(testStack().dbUrl).port);

describe('migration runner', () => {
  const version = '29990101000000';
  const table = `migrate_probe_${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));

  afterAll(async () => {
    await withDb(async (db) => {
      await db.query(`drop table if exists public.${table}`);
      await db.query('delete from supabase_migrations.schema_migrations where version = $1', [version]);
    });
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies nothing twice and never reseeds a database that already exists', async () => {
    const report = await migrate(loadConfig({ dbPort: dbPort() }));
    expect(report).toEqual({ fresh: false, applied: [], seeded: false });
  });

  it('applies a new migration exactly once, recording it like the Supabase CLI', async () => {
    const config = { ...loadConfig({ dbPort: dbPort() }), supabaseDir: dir };
    mkdirSync(join(dir, 'migrations'));
    writeFileSync(join(dir, 'migrations', `${version}_probe.sql`), `create table public.${table} (id int primary key);`);
    const first = await migrate(config);
    expect(first.applied).toEqual([`${version}_probe.sql`]);
    const second = await migrate(config);
    expect(second.applied).toEqual([]);
    const recorded = await withDb((db) => db.query('select name from supabase_migrations.schema_migrations where version = $1', [version]));
    expect(recorded.rows).toEqual([{ name: 'probe' }]);
  });

  it('rolls back a failing migration whole and names the file, the line and the statement', async () => {
    const config = { ...loadConfig({ dbPort: dbPort() }), supabaseDir: dir };
    const broken = '29990101000001_broken.sql';
    writeFileSync(
      join(dir, 'migrations', broken),
      [
        '-- a probe that fails half way',
        `create table public.${table}_b (id int);`,
        `insert into public.${table}_b values (1);`,
        '',
        '/* the next statement is wrong; ignore this ; in a comment */',
        "select 'a;b' as text,",
        '  no_such_function();',
        `create table public.${table}_c (id int);`,
      ].join('\n'),
    );
    const failure = await migrate(config).then(
      () => null,
      (err: unknown) => err as Error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    expect(failure!.message).toContain(`migrations/${broken} failed at line 7`);
    expect(failure!.message).toContain('function no_such_function() does not exist');
    expect(failure!.message).toContain("in the statement: select 'a;b' as text,");
    const leftover = await withDb((db) => db.query(`select to_regclass('public.${table}_b') as b, to_regclass('public.${table}_c') as c`));
    expect(leftover.rows[0]).toEqual({ b: null, c: null });
    const recorded = await withDb((db) => db.query("select 1 from supabase_migrations.schema_migrations where version = '29990101000001'"));
    expect(recorded.rowCount).toBe(0);
    rmSync(join(dir, 'migrations', broken));
  });

  it('runs migrations as postgres, which cannot do what only the cluster superuser may', async () => {
    const config = { ...loadConfig({ dbPort: dbPort() }), supabaseDir: dir };
    const file = '29990101000002_superuser_only.sql';
    writeFileSync(join(dir, 'migrations', file), 'create role parity_probe_superuser superuser;');
    const failure = await migrate(config).then(
      () => null,
      (err: unknown) => err as Error,
    );
    expect(failure?.message).toMatch(new RegExp(`${file} failed at line 1: .*superuser`));
    rmSync(join(dir, 'migrations', file));
  });

  it('refuses a cluster made by an older stack, where postgres was the superuser, and says how to recreate it', async () => {
    const admin = new pg.Client({ connectionString: adminDbUrl(loadConfig({ dbPort: dbPort() })) });
    await admin.connect();
    try {
      await expect(assertCurrentBase(admin)).resolves.toBeUndefined();
      // what an older cluster looks like, for this transaction only
      await admin.query('begin');
      await admin.query('alter role postgres superuser');
      await expect(assertCurrentBase(admin)).rejects.toThrow('Recreate it with `npm run supabase:reset`');
    } finally {
      await admin.query('rollback').catch(() => undefined);
      await admin.end();
    }
  });
});
