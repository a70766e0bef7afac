/**
 * The app built and served against a benchmark's own seeded stack, and another commit's app next to it for
 * benchmarks that compare the two side by side in one run (same stack, same host load): `PROFILE_BASELINE`,
 * `LIGHTHOUSE_BASELINE` and `FIRST_VISIT_BASELINE`.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, preview, type BuildEnvironmentOptions } from 'vite';
import { ROOT, startStackProcess, testStackLocation, type RunningStack } from '../support/stack-process';

/** The app of `ref` built into `distDir` from a copy of its tree (the working tree is left alone). */
export async function buildBaseline(ref: string, srcDir: string, distDir: string, options: BuildEnvironmentOptions = {}): Promise<void> {
  rmSync(srcDir, { recursive: true, force: true });
  mkdirSync(srcDir, { recursive: true });
  execSync(`git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(srcDir)}`, { cwd: ROOT, stdio: 'inherit' });
  // No node_modules link in the copy: packages resolve from the working tree's, up the directory tree. Tailwind
  // scans the copy for class names and skips `node_modules/` only as a directory; through a link it read every
  // package, and the baseline's stylesheet came out twice the size (123 against 63 KB), slowing its first paint.
  // The router plugin finds its config and routes from the working directory.
  process.chdir(srcDir);
  try {
    await build({
      root: srcDir,
      configFile: join(srcDir, 'vite.config.ts'),
      logLevel: 'warn',
      build: { ...options, outDir: distDir, emptyOutDir: true },
    });
  } finally {
    process.chdir(ROOT);
  }
}

/** A static server for a built app, and its address. */
export async function serve(distDir: string) {
  const server = await preview({ logLevel: 'warn', build: { outDir: distDir }, preview: { port: 0, host: '127.0.0.1' } });
  const address = server.httpServer.address();
  return { server, baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** One built app being served. */
export interface ServedApp {
  distDir: string;
  baseUrl: string;
}

export interface BenchApps {
  stack: RunningStack;
  /** the working tree's app */
  working: ServedApp;
  /** the `baselineRef` commit's app, when one was asked for */
  baseline?: ServedApp;
  /** Stops the servers and the stack and removes their files. */
  close(): Promise<void>;
}

/**
 * Starts a seeded stack under `.local/bench-<name>`, builds the working tree's app against it (and `baselineRef`'s,
 * when given, with the same build options) and serves them. Anything that fails on the way stops what had started.
 */
export async function startBenchApps(
  name: string,
  options: { baselineRef?: string; build?: BuildEnvironmentOptions; configFile?: string; log: (message: string) => void },
): Promise<BenchApps> {
  const { baselineRef, build: buildOptions = {}, configFile, log } = options;
  const location = await testStackLocation(`bench-${name}`);
  log('starting a seeded stack');
  const stack = await startStackProcess(location);
  const distDir = join(ROOT, '.local', `bench-${name}-dist`);
  const baselineSrc = join(ROOT, '.local', `bench-${name}-baseline-src`);
  const baselineDist = join(ROOT, '.local', `bench-${name}-baseline-dist`);
  const servers: Awaited<ReturnType<typeof serve>>['server'][] = [];
  const close = async () => {
    for (const server of servers) await server.close();
    await stack.stop();
    for (const dir of [location.localDir, distDir, baselineSrc, baselineDist]) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { API_URL, ANON_KEY } = stack.status;
    log('building the app');
    Object.assign(process.env, { VITE_SUPABASE_URL: API_URL, VITE_SUPABASE_ANON_KEY: ANON_KEY, VITE_DEMO_LOGINS: 'true' });
    await build({ configFile, logLevel: 'warn', build: { ...buildOptions, outDir: distDir, emptyOutDir: true } });
    const working = await serve(distDir);
    servers.push(working.server);
    let baseline: ServedApp | undefined;
    if (baselineRef) {
      log(`building the baseline ${baselineRef}`);
      await buildBaseline(baselineRef, baselineSrc, baselineDist, buildOptions);
      const served = await serve(baselineDist);
      servers.push(served.server);
      baseline = { distDir: baselineDist, baseUrl: served.baseUrl };
    }
    return { stack, working: { distDir, baseUrl: working.baseUrl }, baseline, close };
  } catch (error) {
    await close();
    throw error;
  }
}
