import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import pg from 'pg';
import { PACKAGE_DIR, type StackConfig } from './config';
import { adminDbUrl } from './postgres';
import { splitSqlStatements, type SqlStatement } from './sql-statements';

export interface MigrationReport {
  fresh: boolean;
  applied: string[];
  seeded: boolean;
}

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/** A migration or seed file that failed: the database is as it was before the file. */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly statement: string,
    cause: Error,
  ) {
    super(`${file} failed at line ${line}: ${cause.message}\n  in the statement: ${excerpt(statement)}`, { cause });
    this.name = 'MigrationError';
  }
}

/** The statement as an operator recognises it: its first lines, trimmed. */
function excerpt(sql: string): string {
  const lines = sql.split('\n');
  const head = lines.slice(0, 3).join('\n    ');
  return lines.length > 3 || head.length > 300 ? `${head.slice(0, 300)} ...` : head;
}

/** The line inside the file an error points at: the statement's own line, or the position PostgreSQL reports in it. */
function errorLine(statement: SqlStatement, err: unknown): number {
  const position = Number((err as { position?: string }).position);
  if (!Number.isFinite(position) || position < 1) return statement.line;
  return statement.line + (statement.sql.slice(0, position - 1).match(/\n/g)?.length ?? 0);
}

/**
 * Runs one file in one transaction, statement by statement (as the Supabase CLI does), so a
 * failure rolls the whole file back and names the statement. Returns the statements run.
 */
async function runFile(client: pg.Client, file: string, sql: string, record?: (statements: string[]) => Promise<void>): Promise<void> {
  const statements = splitSqlStatements(sql);
  await client.query('begin');
  try {
    for (const statement of statements) {
      try {
        await client.query(statement.sql);
      } catch (err) {
        throw new MigrationError(file, errorLine(statement, err), statement.sql, err as Error);
      }
    }
    await record?.(statements.map((s) => s.sql));
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}

/** A cluster made by an older local stack, where postgres is the superuser, cannot be brought up to date in place. */
export async function assertCurrentBase(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ super: boolean | null }>(`select rolsuper as super from pg_roles where rolname = 'postgres'`);
  if (rows[0]?.super) {
    throw new Error(
      'this local database was created by an older version of the stack, where postgres is a superuser, ' +
        'so it does not behave like a Supabase project. Recreate it with `npm run supabase:reset` (this deletes the local data).',
    );
  }
}

/**
 * Applies bootstrap.sql on a fresh database (as the cluster superuser), then each migration
 * exactly once and seed.sql only when the database was fresh, both as `postgres`, the role
 * `supabase db push` uses. Migrations are recorded in supabase_migrations.schema_migrations
 * like the Supabase CLI does.
 */
export async function migrate(config: StackConfig, log: (line: string) => void = () => undefined): Promise<MigrationReport> {
  const admin = new pg.Client({ connectionString: adminDbUrl(config) });
  await admin.connect();
  let fresh: boolean;
  try {
    const { rows } = await admin.query<{ exists: boolean }>(`select to_regclass('supabase_migrations.schema_migrations') is not null as exists`);
    fresh = !rows[0]?.exists;
    if (fresh) {
      log('bootstrapping a fresh database');
      await admin.query(readFileSync(join(PACKAGE_DIR, 'bootstrap.sql'), 'utf8'));
    }
    await assertCurrentBase(admin);
  } finally {
    await admin.end();
  }

  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  try {
    const migrationsDir = join(config.supabaseDir, 'migrations');
    const files = existsSync(migrationsDir)
      ? readdirSync(migrationsDir)
          .filter((f) => MIGRATION_FILE.test(f))
          .sort()
      : [];
    const done = new Set((await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      const [, version, name] = MIGRATION_FILE.exec(file)!;
      if (done.has(version)) continue;
      await runFile(client, relative(config.rootDir, join(migrationsDir, file)), readFileSync(join(migrationsDir, file), 'utf8'), async (statements) => {
        await client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [version, name, statements]);
      });
      applied.push(file);
      log(`applied ${file}`);
    }

    let seeded = false;
    const seedFile = join(config.supabaseDir, 'seed.sql');
    if (fresh && existsSync(seedFile)) {
      await runFile(client, relative(config.rootDir, seedFile), readFileSync(seedFile, 'utf8'));
      seeded = true;
      log('seeded the database');
    }
    if (applied.length > 0 || seeded) await client.query(`notify pgrst, 'reload schema'`);
    return { fresh, applied, seeded };
  } finally {
    await client.end();
  }
}
