/**
 * `npm start`: prerequisites, the local stack, a production build of the PWA
 * (rebuilt only when its inputs changed) served with the service worker, the
 * app's env, and the URLs and demo accounts. `npm run dev` serves the same app
 * with the Vite dev server instead. Ctrl-C stops everything.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { startStack } from '../supabase/local/stack';
import { APP_STACK_OPTIONS } from './local-stack';
import { ensurePostgres } from './prerequisites';
import { DEMO_ACCOUNTS, SEED_MEMBER_PASSWORD, SEED_STAFF_ACCOUNTS } from '../src/lib/demo-accounts';

const root = process.cwd();
const dev = process.argv.includes('--dev');
const appPort = Number(process.env.APP_PORT ?? (dev ? 5173 : 4173));
const t0 = Date.now();

if (!ensurePostgres()) process.exit(1);

const stack = await startStack({ ...APP_STACK_OPTIONS, log: (line) => console.log(`[stack] ${line}`) }).catch((err: Error) => {
  console.error(`[stack] could not start: ${err.message}`);
  process.exit(1);
});
console.log(`[stack] ready at ${stack.status.API_URL} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

const appEnv: Record<string, string> = {
  VITE_SUPABASE_URL: stack.status.API_URL,
  VITE_SUPABASE_ANON_KEY: stack.status.ANON_KEY,
  VITE_VAPID_PUBLIC_KEY: stack.status.VAPID_PUBLIC_KEY,
  VITE_DEMO_LOGINS: process.env.VITE_DEMO_LOGINS ?? 'true',
};
Object.assign(process.env, appEnv);
writeFileSync(
  join(root, '.env.local'),
  Object.entries(appEnv)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n') + '\n',
);

/** Hash of everything that goes into the build, so an unchanged app is not rebuilt. */
function buildInputsHash(): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    const st = statSync(path);
    if (st.isDirectory()) {
      for (const entry of readdirSync(path).sort()) if (entry !== 'routeTree.gen.ts') walk(join(path, entry));
    } else {
      hash.update(relative(root, path)).update(String(st.size)).update(String(st.mtimeMs));
    }
  };
  for (const p of ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'scripts', 'package-lock.json']) walk(join(root, p));
  hash.update(JSON.stringify(appEnv));
  return hash.digest('hex');
}

let server: PreviewServer | ViteDevServer;
if (dev) {
  server = await createServer({ server: { port: appPort, host: '127.0.0.1', strictPort: true } });
  await server.listen();
} else {
  const stamp = join(root, 'dist', '.build-inputs');
  const inputs = buildInputsHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) {
    console.log('[app] build is up to date');
  } else {
    console.log('[app] building the PWA...');
    const tb = Date.now();
    await build({ logLevel: 'warn' });
    writeFileSync(stamp, inputs);
    console.log(`[app] built in ${((Date.now() - tb) / 1000).toFixed(1)} s`);
  }
  server = await preview({ preview: { port: appPort, host: '127.0.0.1', strictPort: true } });
}

const appUrl = `http://127.0.0.1:${appPort}`;
console.log(`
  App        ${appUrl}
  API        ${stack.status.API_URL}   (npm run supabase:status prints the keys)
  Database   ${stack.status.DB_URL}

  Demo accounts (password sign-in, or the demo buttons on /login):
${[...DEMO_ACCOUNTS.map((a) => `    ${a.label.padEnd(20)} ${a.email}  /  ${a.password}`), ...SEED_STAFF_ACCOUNTS.map((a) => `    ${a.role.padEnd(20)} ${a.email}  /  ${a.password}`)].join('\n')}
    other seeded members  <username>@demo.djcircle.local  /  ${SEED_MEMBER_PASSWORD}

  Ready in ${((Date.now() - t0) / 1000).toFixed(1)} s. Ctrl-C stops everything.
`);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping...');
  await server.close();
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
