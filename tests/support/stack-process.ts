import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { StackStatus } from '../../supabase/local/stack';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface TestStackOptions {
  localDir: string;
  apiPort: number;
  dbPort: number;
  postgrestPort: number;
  /** keep data from an earlier run instead of starting fresh */
  reuse?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface RunningStack {
  status: StackStatus;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Auth settings of test stacks: budgets no suite reaches, and no character-class rule for passwords. */
export const TEST_STACK_AUTH_ENV: NodeJS.ProcessEnv = {
  SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
  SUPABASE_AUTH_RATE_LIMIT_FAILED_SIGN_INS_PER_ADDRESS: '100000',
  SUPABASE_AUTH_RATE_LIMIT_FAILED_SIGN_INS_PER_ACCOUNT: '100000',
  SUPABASE_AUTH_EMAIL_RATE_LIMIT: '100000',
  SUPABASE_AUTH_PASSWORD_REQUIREMENTS: '',
};

/**
 * Starts the local stack in a child process exactly as `npm run supabase:start`
 * does, so tests exercise the real thing (and a crash in it cannot take the test runner down).
 */
export async function startStackProcess(options: TestStackOptions): Promise<RunningStack> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SUPABASE_LOCAL_DIR: options.localDir,
    SUPABASE_API_PORT: String(options.apiPort),
    SUPABASE_DB_PORT: String(options.dbPort),
    SUPABASE_POSTGREST_PORT: String(options.postgrestPort),
    SUPABASE_DB_FSYNC: 'off',
    // The suites sign in thousands of times from one address with passwords picked for readability;
    // the project's real budgets and password rules are proven by tests that start a stack with them.
    ...TEST_STACK_AUTH_ENV,
    ...options.env,
  };
  const args = ['--import', 'tsx', join(ROOT, 'scripts/stack.ts'), 'start', ...(options.reuse ? [] : ['--reset'])];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
    if (process.env.STACK_LOG) process.stderr.write(d);
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`the test stack did not start within 90 s:\n${output}`)), 90_000);
    const onData = () => {
      if (output.includes('[stack] ready')) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the test stack exited with code ${code}:\n${output}`));
    });
  });

  const status = JSON.parse(readFileSync(join(options.localDir, 'status.json'), 'utf8')) as StackStatus;
  return {
    status,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A port nobody listens on right now, so concurrent test runs never collide. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** Ports and directory for a test stack: fixed by TEST_* env vars, otherwise free ports and a dir of their own. */
export async function testStackLocation(name = 'test'): Promise<Omit<TestStackOptions, 'reuse' | 'env'>> {
  const apiPort = Number(process.env.TEST_API_PORT ?? (await freePort()));
  const dbPort = Number(process.env.TEST_DB_PORT ?? (await freePort()));
  const postgrestPort = Number(process.env.TEST_POSTGREST_PORT ?? (await freePort()));
  const localDir = process.env.TEST_STACK_DIR ?? join(ROOT, '.local', 'test-runs', `${name}-${apiPort}`);
  return { localDir, apiPort, dbPort, postgrestPort };
}
