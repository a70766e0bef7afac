import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config';
import { migrate } from '../../supabase/local/migrate';
import { testStack, withDb } from '../support/clients';

/** Extensions a migration may create as `postgres`, as on a hosted project (supautils' privileged list). */

const dbPort = () => Number(new URL(testStack().dbUrl).port);
const dir = mkdtempSync(join(tmpdir(), 'extensions-'));
mkdirSync(join(dir, 'migrations'));
const config = () => ({ ...loadConfig({ dbPort: dbPort() }), supabaseDir: dir });
const versions = ['29990201000000', '29990201000001', '29990201000002'];

const postgresIsSuperuser = () =>
  withDb(async (db) => (await db.query<{ s: boolean }>(`select rolsuper as s from pg_roles where rolname = 'postgres'`)).rows[0]!.s);

afterAll(async () => {
  await withDb(async (db) => {
    await db.query(`select cron.unschedule(jobid) from cron.job where jobname = 'extensions_probe'`).catch(() => undefined);
    await db.query('drop table if exists public.extensions_probe, public.cron_probe');
    await db.query('delete from supabase_migrations.schema_migrations where version = any($1)', [versions]);
  });
  rmSync(dir, { recursive: true, force: true });
});

describe('extensions', () => {
  it('lets a migration create moddatetime and pg_stat_statements as postgres, which stays no superuser', async () => {
    writeFileSync(
      join(dir, 'migrations', `${versions[0]}_privileged.sql`),
      [
        'create extension if not exists moddatetime with schema extensions;',
        'create extension if not exists pg_stat_statements with schema extensions;',
        'create table public.extensions_probe (id int primary key, note text, updated_at timestamptz);',
        'create trigger touch before update on public.extensions_probe for each row execute function extensions.moddatetime(updated_at);',
      ].join('\n'),
    );
    const report = await migrate(config());
    expect(report.applied).toEqual([`${versions[0]}_privileged.sql`]);
    await withDb(async (db) => {
      await db.query(`insert into public.extensions_probe values (1, 'a', null)`);
      await db.query(`update public.extensions_probe set note = 'b' where id = 1`);
      const { rows } = await db.query(`select updated_at is not null as touched from public.extensions_probe`);
      expect(rows).toEqual([{ touched: true }]);
      const stats = await db.query(`select count(*)::int > 0 as some from extensions.pg_stat_statements`);
      expect(stats.rows).toEqual([{ some: true }]);
    });
    expect(await postgresIsSuperuser()).toBe(false);
  });

  it("refuses an extension outside the privileged list with hosted Supabase's message, and changes nothing", async () => {
    const file = `${versions[1]}_unprivileged.sql`;
    writeFileSync(join(dir, 'migrations', file), 'create extension file_fdw;');
    const failure = await migrate(config()).then(
      () => null,
      (err: unknown) => err as Error,
    );
    expect(failure?.message).toContain('permission denied to create extension "file_fdw"');
    rmSync(join(dir, 'migrations', file));
    await withDb(async (db) => {
      expect((await db.query(`select 1 from pg_extension where extname = 'file_fdw'`)).rowCount).toBe(0);
      // The same as postgres outside a migration: PostgreSQL's own hint, as hosted gives it.
      const refused = await db.query('create extension pageinspect').then(
        () => null,
        (err: unknown) => err as Error & { hint?: string; code?: string },
      );
      expect(refused).toMatchObject({
        message: 'permission denied to create extension "pageinspect"',
        code: '42501',
        hint: 'Must be superuser to create this extension.',
      });
    });
    expect(await postgresIsSuperuser()).toBe(false);
  });

  it('has pg_cron preloaded: a migration creates it and schedules a job that runs', async () => {
    writeFileSync(
      join(dir, 'migrations', `${versions[2]}_cron.sql`),
      [
        'create extension if not exists pg_cron;',
        'create table public.cron_probe (ran_at timestamptz not null default now());',
        `select cron.schedule('extensions_probe', '* * * * *', 'insert into public.cron_probe default values');`,
      ].join('\n'),
    );
    expect((await migrate(config())).applied).toEqual([`${versions[2]}_cron.sql`]);
    // pg_cron's finest schedule here is one minute: the job runs at the next minute's start.
    const deadline = Date.now() + 75_000;
    let runs = 0;
    while (Date.now() < deadline && runs === 0) {
      await new Promise((r) => setTimeout(r, 1000));
      runs = await withDb(async (db) => (await db.query<{ n: number }>('select count(*)::int as n from public.cron_probe')).rows[0]!.n);
    }
    expect(runs).toBeGreaterThan(0);
    expect(await postgresIsSuperuser()).toBe(false);
  }, 90_000);
});
