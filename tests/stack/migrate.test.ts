import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config';
import { migrate } from '../../supabase/local/migrate';
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

  it('rolls back a failing migration whole and names it', async () => {
    const config = { ...loadConfig({ dbPort: dbPort() }), supabaseDir: dir };
    writeFileSync(join(dir, 'migrations', '29990101000001_broken.sql'), `create table public.${table}_b (id int); select no_such_function();`);
    await expect(migrate(config)).rejects.toThrow(/29990101000001_broken\.sql failed/);
    const leftover = await withDb((db) => db.query(`select to_regclass('public.${table}_b') as t`));
    expect(leftover.rows[0].t).toBeNull();
    rmSync(join(dir, 'migrations', '29990101000001_broken.sql'));
  });
});
