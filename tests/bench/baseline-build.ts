/**
 * Another commit's app built next to the working tree's, for benchmarks that compare the two side by side in one
 * run (same stack, same host load): `PROFILE_BASELINE` and `LIGHTHOUSE_BASELINE`.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { build, preview, type BuildEnvironmentOptions } from 'vite';
import { ROOT } from '../support/stack-process';

/** The app of `ref` built into `distDir` from a copy of its tree (the working tree is left alone). */
export async function buildBaseline(ref: string, srcDir: string, distDir: string, options: BuildEnvironmentOptions = {}): Promise<void> {
  rmSync(srcDir, { recursive: true, force: true });
  mkdirSync(srcDir, { recursive: true });
  execSync(`git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(srcDir)}`, { cwd: ROOT, stdio: 'inherit' });
  symlinkSync(join(ROOT, 'node_modules'), join(srcDir, 'node_modules'));
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
