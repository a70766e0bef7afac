/**
 * Playwright global setup: a fresh local stack, a production build of the app
 * pointed at it, and a static server for that build (service worker included).
 * Tests read E2E_BASE_URL, E2E_API_URL, E2E_ANON_KEY, E2E_SERVICE_ROLE_KEY and E2E_DB_URL.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, preview } from 'vite';
import { chromiumArgs } from './chromium-args';
import { freePort, ROOT, startStackProcess, testStackLocation } from './stack-process';
import { startStandIns } from './standins';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const location = await testStackLocation('e2e');
  // Stand-ins for the AI endpoint and PayPal, wired into the stack's functions.
  const standIns = await startStandIns();
  const stack = await startStackProcess({ ...location, env: standIns.env });
  const outDir = join(ROOT, '.local', 'e2e-dist', String(location.apiPort));
  const appEnv = {
    VITE_SUPABASE_URL: stack.status.API_URL,
    VITE_SUPABASE_ANON_KEY: stack.status.ANON_KEY,
    VITE_VAPID_PUBLIC_KEY: stack.status.VAPID_PUBLIC_KEY,
    VITE_DEMO_LOGINS: 'true',
  };
  Object.assign(process.env, appEnv);
  const stamp = join(outDir, '.env-hash');
  const hash = createHash('sha256').update(JSON.stringify(appEnv)).digest('hex');
  if (!(existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && process.env.E2E_REUSE_BUILD === '1')) {
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    writeFileSync(stamp, hash);
  }
  const appPort = Number(process.env.E2E_APP_PORT ?? (await freePort()));
  const server = await preview({ logLevel: 'warn', build: { outDir }, preview: { port: appPort, host: '127.0.0.1', strictPort: true } });

  Object.assign(process.env, {
    E2E_BASE_URL: `http://127.0.0.1:${appPort}`,
    E2E_API_URL: stack.status.API_URL,
    E2E_ANON_KEY: stack.status.ANON_KEY,
    E2E_SERVICE_ROLE_KEY: stack.status.SERVICE_ROLE_KEY,
    E2E_DB_URL: stack.status.DB_URL,
    E2E_LOCAL_DIR: location.localDir,
    E2E_DIST_DIR: outDir,
    E2E_PAYPAL_STANDIN_URL: standIns.paypal.url,
    E2E_AI_STANDIN_URL: standIns.ai.url,
    // The workers read their browser's flags from here (playwright.config.ts): Playwright's list of disabled
    // features can only be read from a browser it launched.
    E2E_CHROMIUM_ARGS: JSON.stringify(await chromiumArgs()),
  });

  return async () => {
    await server.close();
    await stack.stop();
    await standIns.stop();
    rmSync(location.localDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  };
}
