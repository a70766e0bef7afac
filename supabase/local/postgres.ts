import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { StackConfig } from './config';

/** The install command printed (or run, as root on Debian) when the server binaries are missing. */
export const POSTGRES_INSTALL_COMMAND = 'apt-get update && apt-get install -y postgresql postgresql-contrib';

const MIN_MAJOR = 15;

/** Locates initdb/postgres of PostgreSQL 15+: Debian's versioned bindir first, then PATH. */
export function findPostgresBin(): string | null {
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const majors = readdirSync(debianRoot)
      .map((v) => Number.parseInt(v, 10))
      .filter((v) => v >= MIN_MAJOR && existsSync(join(debianRoot, String(v), 'bin', 'initdb')))
      .sort((a, b) => b - a);
    if (majors.length > 0) return join(debianRoot, String(majors[0]), 'bin');
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    if (initdb) return initdb.replace(/\/initdb$/, '');
  } catch {
    // not on PATH
  }
  return null;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** Postgres refuses to run as root, so the cluster belongs to the `postgres` system user then. */
function runAs(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function ownDir(dir: string, who: RunAs): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (who.uid !== undefined && who.gid !== undefined) chownSync(dir, who.uid, who.gid);
}

/** The cluster superuser: the stack's own bootstrap work, never migrations or services. */
export const CLUSTER_SUPERUSER = 'supabase_admin';

/** Every login role of the local cluster has this password (loopback only). */
const LOCAL_PASSWORD = 'postgres';

/** The connection string for one of the cluster's login roles. */
export function roleDbUrl(config: StackConfig, role: string): string {
  return `postgresql://${role}:${LOCAL_PASSWORD}@${config.host}:${config.dbPort}/postgres`;
}

export const adminDbUrl = (config: StackConfig): string => roleDbUrl(config, CLUSTER_SUPERUSER);

export interface PostgresPaths {
  dataDir: string;
  runDir: string;
  logFile: string;
}

export function postgresPaths(config: StackConfig): PostgresPaths {
  return {
    dataDir: join(config.localDir, 'db'),
    runDir: join(config.localDir, 'run'),
    logFile: join(config.localDir, 'logs', 'postgres.log'),
  };
}

/** Creates the private cluster on first start. Returns true when it was created now. */
export function ensureCluster(config: StackConfig, bin: string): boolean {
  const { dataDir } = postgresPaths(config);
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false;
  const who = runAs();
  rmSync(dataDir, { recursive: true, force: true });
  ownDir(dataDir, who);
  const pwFile = join(dataDir, '..', '.pgpass-init');
  writeFileSync(pwFile, `${LOCAL_PASSWORD}\n`, { mode: 0o600 });
  if (who.uid !== undefined && who.gid !== undefined) chownSync(pwFile, who.uid, who.gid);
  try {
    execFileSync(
      join(bin, 'initdb'),
      [
        '-D',
        dataDir,
        '-U',
        CLUSTER_SUPERUSER,
        `--pwfile=${pwFile}`,
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
        '--no-instructions',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], uid: who.uid, gid: who.gid, cwd: '/' },
    );
  } finally {
    rmSync(pwFile, { force: true });
  }
  return true;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A postmaster left running by a stack that was killed hard is shut down before we start. */
export async function stopStalePostmaster(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isFinite(pid) || !pidAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && pidAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/** The Debian package of pg_cron for the cluster's major version (`bin` is `/usr/lib/postgresql/<major>/bin`). */
export function pgCronPackage(bin: string): string {
  const major = /postgresql\/(\d+)\//.exec(`${bin}/`)?.[1] ?? String(MIN_MAJOR);
  return `postgresql-${major}-cron`;
}

/**
 * Libraries Supabase preloads that migrations may use: pg_stat_statements (contrib) and pg_cron (its own
 * package), each only when installed. pg_cron runs jobs in the `postgres` database and reaches the server
 * through the cluster's socket, where local connections are trusted.
 */
function preloadSettings(bin: string, runDir: string): Record<string, string> {
  const libDir = join(bin, '..', 'lib');
  const has = (lib: string) => existsSync(join(libDir, `${lib}.so`));
  const libraries = ['pg_stat_statements', 'pg_cron'].filter(has);
  if (!has('pg_cron')) console.warn(`[postgres] pg_cron is not installed; install it with: apt-get install -y ${pgCronPackage(bin)}`);
  const settings: Record<string, string> = {};
  if (libraries.length > 0) settings.shared_preload_libraries = libraries.join(',');
  if (has('pg_cron')) Object.assign(settings, { 'cron.database_name': 'postgres', 'cron.host': runDir });
  return settings;
}

export interface PostgresHandle {
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startPostgres(config: StackConfig, bin: string): Promise<PostgresHandle> {
  const { dataDir, runDir, logFile } = postgresPaths(config);
  const who = runAs();
  ownDir(runDir, who);
  mkdirSync(join(config.localDir, 'logs'), { recursive: true });
  await stopStalePostmaster(dataDir);
  const log = openSync(logFile, 'a');
  if (who.uid !== undefined && who.gid !== undefined) chownSync(logFile, who.uid, who.gid);
  const settings: Record<string, string | number> = {
    port: config.dbPort,
    listen_addresses: config.host,
    unix_socket_directories: runDir,
    wal_level: 'logical',
    max_replication_slots: 20,
    max_wal_senders: 20,
    // Bounds WAL kept for a replication slot nobody reads (realtime down, for example).
    max_slot_wal_keep_size: '1GB',
    max_connections: 300,
    shared_buffers: '256MB',
    synchronous_commit: 'off',
    // With asynchronous commit the WAL sender sees a change only once it is flushed: flush often so realtime stays quick.
    wal_writer_delay: '10ms',
    log_min_messages: 'warning',
    log_min_error_statement: 'panic',
    // As Supabase's image sets them (its postgresql.conf): the planner's cache estimate, which `explain` with settings
    // lists among what differs from PostgreSQL's defaults; and floats written with 15 significant digits, so the JSON
    // the API builds shows 0.1 + 0.2 as 0.3 there (PostgreSQL's default writes the shortest exact form instead).
    effective_cache_size: '128MB',
    extra_float_digits: 0,
  };
  if (process.env.SUPABASE_DB_FSYNC === 'off') settings.fsync = 'off';
  Object.assign(settings, preloadSettings(bin, runDir));
  const args = ['-D', dataDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child = spawn(join(bin, 'postgres'), args, { stdio: ['ignore', log, log], uid: who.uid, gid: who.gid, cwd: '/' });
  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
      throw new Error(`PostgreSQL did not start (port ${config.dbPort} in use?). Log ${logFile}:\n${tail}`);
    }
    // As the superuser: on a new cluster the postgres role exists only once bootstrap.sql ran.
    const client = new pg.Client({ connectionString: adminDbUrl(config), connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections on port ${config.dbPort} within 30 s; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  return {
    process: child,
    async stop() {
      if (exited) return;
      child.kill('SIGINT'); // fast shutdown: disconnects clients, checkpoints
      const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}
