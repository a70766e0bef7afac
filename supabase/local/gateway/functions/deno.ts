import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HOST_FILE = join(dirname(fileURLToPath(import.meta.url)), 'deno-host.ts');

/** How long a function's process may take to load its modules (npm packages on a clean cache included) and listen. */
export const FUNCTION_START_TIMEOUT_MS = 60_000;

/**
 * The Deno binary from the `deno` npm package (a dev dependency). Its install script links the
 * platform build next to it; without install scripts the platform package itself has it.
 */
export function findDenoBin(): string {
  if (process.env.SUPABASE_DENO_BIN) return process.env.SUPABASE_DENO_BIN;
  const require = createRequire(import.meta.url);
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const candidates: string[] = [];
  try {
    candidates.push(join(dirname(require.resolve('deno/package.json')), exe));
  } catch {
    // not installed: the error below says how to get it
  }
  for (const suffix of ['-glibc', '']) {
    try {
      candidates.push(join(dirname(require.resolve(`@deno/${process.platform}-${process.arch}${suffix}/package.json`)), exe));
    } catch {
      // this platform package is not the one npm installed
    }
  }
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error('Deno was not found: run `npm install` (the `deno` package is a dev dependency).');
  return found;
}

export interface DenoFunctionSpec {
  name: string;
  /** the function's entry point (`<functions>/<name>/index.ts`) */
  entry: string;
  /** the deno.json or import map the deploy uses for it, if any */
  importMap?: string;
  env: Record<string, string>;
  /** Deno's module cache (npm packages), kept under the stack's `.local` */
  denoDir: string;
}

/** Module resolution as the deploy does it: a deno.json with its lock, or a bare import map, or nothing. */
function resolutionArgs(importMap: string | undefined): string[] {
  if (!importMap) return ['--no-config', '--no-lock'];
  if (!/(^|[\\/])deno\.jsonc?$/.test(importMap)) return ['--no-config', `--import-map=${importMap}`, '--no-lock'];
  const lock = join(dirname(importMap), 'deno.lock');
  // The committed lock is what the deploy resolves: a dependency it does not list is an error, not an update.
  return existsSync(lock) ? [`--config=${importMap}`, `--lock=${lock}`, '--frozen'] : [`--config=${importMap}`, '--no-lock'];
}

export interface RunningFunction {
  port: number;
  child: ChildProcess;
  /** start-up, from spawn to listening, in ms */
  startMs: number;
}

/**
 * Starts one function in its own Deno process, with only the permissions an edge function has on
 * Supabase (network, environment, reading its files; no subprocesses, no native code, writes in the
 * temp dir only), and resolves once it listens.
 */
export function startDenoFunction(spec: DenoFunctionSpec, log: (line: string) => void): Promise<RunningFunction> {
  mkdirSync(spec.denoDir, { recursive: true });
  const started = performance.now();
  const args = [
    'run',
    '--quiet',
    '--no-prompt',
    ...resolutionArgs(spec.importMap),
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--allow-sys',
    `--allow-write=${tmpdir()}`,
    HOST_FILE,
    pathToFileURL(spec.entry).href,
  ];
  const child = spawn(findDenoBin(), args, {
    cwd: dirname(spec.entry),
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      ...spec.env,
      DENO_DIR: spec.denoDir,
      // The deploy has no node_modules; the app's package.json must not lend the function packages.
      DENO_NO_PACKAGE_JSON: '1',
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
    },
  });

  return new Promise((resolve, reject) => {
    const errLines: string[] = [];
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${spec.name} did not start within ${FUNCTION_START_TIMEOUT_MS} ms`));
    }, FUNCTION_START_TIMEOUT_MS);
    createInterface({ input: child.stderr! }).on('line', (line) => {
      if (!ready) errLines.push(line);
      log(`[functions:${spec.name}] ${line}`);
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!ready && line.startsWith('{"ready":')) {
        ready = true;
        clearTimeout(timer);
        resolve({ port: (JSON.parse(line) as { ready: number }).ready, child, startMs: performance.now() - started });
        return;
      }
      log(`[functions:${spec.name}] ${line}`);
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`${spec.name} exited before listening (${signal ?? code}): ${errLines.slice(-5).join(' | ')}`));
    });
  });
}
