import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { StackConfig } from './config';

export interface MigrationReport {
  fresh: boolean;
  applied: string[];
  seeded: boolean;
}

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/**
 * Applies bootstrap.sql on a fresh database, then each migration exactly once
 * (recorded in supabase_migrations.schema_migrations like the Supabase CLI),
 * then seed.sql only when the database was fresh.
 */
export async function migrate(config: StackConfig, log: (line: string) => void = () => undefined): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as exists`,
    );
    const fresh = !rows[0]?.exists;
    if (fresh) {
      log('bootstrapping a fresh database');
      await client.query(readFileSync(join(config.rootDir, 'supabase', 'local', 'bootstrap.sql'), 'utf8'));
    }

    const migrationsDir = join(config.supabaseDir, 'migrations');
    const files = existsSync(migrationsDir)
      ? readdirSync(migrationsDir).filter((f) => MIGRATION_FILE.test(f)).sort()
      : [];
    const done = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
    );
    const applied: string[] = [];
    for (const file of files) {
      const [, version, name] = MIGRATION_FILE.exec(file)!;
      if (done.has(version)) continue;
      const sql = readFileSync(join(migrationsDir, file), 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          version,
          name,
          [sql],
        ]);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(file);
      log(`applied ${file}`);
    }

    let seeded = false;
    const seedFile = join(config.supabaseDir, 'seed.sql');
    if (fresh && existsSync(seedFile)) {
      try {
        await client.query('begin');
        await client.query(readFileSync(seedFile, 'utf8'));
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw new Error(`seed.sql failed: ${(err as Error).message}`, { cause: err });
      }
      seeded = true;
      log('seeded the database');
    }
    if (applied.length > 0 || seeded) await client.query(`notify pgrst, 'reload schema'`);
    return { fresh, applied, seeded };
  } finally {
    await client.end();
  }
}
