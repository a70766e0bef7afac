import { existsSync, readFileSync } from 'node:fs';
import { loadConfig } from './config';
import { startStack, statusFile, type StackHandle } from './stack';

async function isUp(apiUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function status(): Promise<number> {
  const config = loadConfig();
  const file = statusFile(config);
  if (existsSync(file) && (await isUp(config.apiUrl))) {
    const { pid: _pid, ...values } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    console.log(JSON.stringify({ running: true, ...values }, null, 2));
    return 0;
  }
  console.log(JSON.stringify({ running: false, message: 'The local stack is not running. Start it with: npm run supabase:start' }, null, 2));
  return 1;
}

async function start(reset: boolean): Promise<void> {
  const t0 = Date.now();
  let handle: StackHandle;
  try {
    handle = await startStack({ reset, log: (line) => console.log(`[stack] ${line}`) });
  } catch (err) {
    console.error(`[stack] could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  const s = handle.status;
  console.log(`[stack] ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`         API_URL  ${s.API_URL}\n         DB_URL   ${s.DB_URL}\n         ANON_KEY ${s.ANON_KEY}`);
  console.log('[stack] Ctrl-C stops it. `npm run supabase:status` prints all keys as JSON.');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[stack] stopping...');
    await handle.stop();
    console.log('[stack] stopped');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

const command = process.argv[2] ?? 'start';
if (command === 'status') process.exit(await status());
else if (command === 'start') await start(process.argv.includes('--reset'));
else if (command === 'reset') await start(true);
else {
  console.error(`unknown command "${command}": use start, status or reset`);
  process.exit(2);
}
