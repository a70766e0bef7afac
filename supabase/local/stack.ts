import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type StackConfig } from './config';
import { loadOrCreateKeys, type ExtraKeys, type StackKeys } from './keys';
import { ensureCluster, findPostgresBin, POSTGRES_INSTALL_COMMAND, postgresPaths, startPostgres, stopStalePostmaster } from './postgres';
import { migrate, type MigrationReport } from './migrate';
import { startPostgrest } from './postgrest';
import { createContext } from './gateway/context';
import { startGateway } from './gateway/server';

export interface StackOptions {
  /** the project whose `supabase/` folder is served; default SUPABASE_PROJECT_DIR, else the working directory */
  projectDir?: string;
  localDir?: string;
  apiPort?: number;
  dbPort?: number;
  postgrestPort?: number;
  /** wipe the local dir first */
  reset?: boolean;
  log?: (line: string) => void;
  /** the project's own secrets, made on the first start in a data directory and kept (see StackKeys.extra) */
  extraKeys?: ExtraKeys;
  /**
   * The project's steps once every service is up, before the stack reports ready: e.g. pointing a
   * database webhook at one of its functions. Run on every start, in order.
   */
  afterStart?: readonly AfterStart[];
}

/** What a post-start step is given: the stack as it will be reported. */
export interface StartedStack {
  config: StackConfig;
  keys: StackKeys;
  status: StackStatus;
  /** what this start applied: `seeded` is true on the start that loaded the seed into a fresh database */
  migrations: MigrationReport;
  log: (line: string) => void;
}

export type AfterStart = (stack: StartedStack) => Promise<void>;

/** The URLs and keys of a running stack; the project's extra keys are added under their own names. */
export type StackStatus = CoreStatus & Record<string, string>;

interface CoreStatus {
  API_URL: string;
  DB_URL: string;
  ANON_KEY: string;
  SERVICE_ROLE_KEY: string;
  JWT_SECRET: string;
  STORAGE_URL: string;
  FUNCTIONS_URL: string;
  REALTIME_URL: string;
}

export interface StackHandle {
  config: StackConfig;
  keys: StackKeys;
  status: StackStatus;
  migrations: MigrationReport;
  stop(): Promise<void>;
}

export function stackStatus(config: StackConfig, keys: StackKeys): StackStatus {
  return {
    ...keys.extra,
    API_URL: config.apiUrl,
    DB_URL: config.dbUrl,
    ANON_KEY: keys.anonKey,
    SERVICE_ROLE_KEY: keys.serviceRoleKey,
    JWT_SECRET: keys.jwtSecret,
    STORAGE_URL: `${config.apiUrl}/storage/v1`,
    FUNCTIONS_URL: `${config.apiUrl}/functions/v1`,
    REALTIME_URL: `${config.apiUrl.replace(/^http/, 'ws')}/realtime/v1`,
  };
}

export const statusFile = (config: StackConfig): string => join(config.localDir, 'status.json');

export async function startStack(options: StackOptions = {}): Promise<StackHandle> {
  const log = options.log ?? (() => undefined);
  const config = loadConfig(options);
  if (options.reset) {
    await stopStalePostmaster(postgresPaths(config).dataDir);
    rmSync(config.localDir, { recursive: true, force: true });
  }
  mkdirSync(join(config.localDir, 'logs'), { recursive: true });

  const bin = findPostgresBin();
  if (!bin) throw new Error(`PostgreSQL ${15}+ server binaries were not found. Install them with:\n  ${POSTGRES_INSTALL_COMMAND}`);
  const keys = await loadOrCreateKeys(config, options.extraKeys);
  if (ensureCluster(config, bin)) log(`created a new database cluster in ${join(config.localDir, 'db')}`);

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.splice(0).reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error('[stack] error while stopping:', (err as Error).message);
      }
    }
    rmSync(statusFile(config), { force: true });
  };

  try {
    const postgres = await startPostgres(config, bin);
    stops.push(() => postgres.stop());
    const migrations = await migrate(config, log);
    const postgrest = await startPostgrest(config, keys);
    stops.push(() => postgrest.stop());
    const ctx = createContext(config, keys);
    stops.push(() => ctx.close());
    const gateway = await startGateway(ctx);
    stops.push(() => gateway.close());

    const status = stackStatus(config, keys);
    for (const step of options.afterStart ?? []) await step({ config, keys, status, migrations, log });
    writeFileSync(statusFile(config), JSON.stringify({ ...status, pid: process.pid }, null, 2));
    return { config, keys, status, migrations, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
