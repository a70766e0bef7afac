import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { startStack, statusFile, type StackHandle, type StackOptions } from './stack';

/** What a project passes to the command line: everything of StackOptions but what the command itself decides. */
export type CliOptions = Omit<StackOptions, 'reset' | 'log'>;

async function isUp(apiUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function status(options: CliOptions): Promise<number> {
  const config = loadConfig(options);
  const file = statusFile(config);
  if (existsSync(file) && (await isUp(config.apiUrl))) {
    const { pid: _pid, ...values } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    console.log(JSON.stringify({ running: true, ...values }, null, 2));
    return 0;
  }
  console.log(JSON.stringify({ running: false, message: 'The local stack is not running. Start it with: npm run supabase:start' }, null, 2));
  return 1;
}

async function start(reset: boolean, options: CliOptions): Promise<void> {
  const t0 = Date.now();
  let handle: StackHandle;
  try {
    handle = await startStack({ ...options, reset, log: (line) => console.log(`[stack] ${line}`) });
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

/**
 * `start [--reset]`, `reset` or `status`. A project that needs its own keys or post-start steps calls
 * this from its own script with them; run directly, this file starts the stack with none.
 */
export async function runCli(argv: readonly string[], options: CliOptions = {}): Promise<void> {
  const command = argv[0] ?? 'start';
  if (command === 'status') process.exit(await status(options));
  else if (command === 'start') await start(argv.includes('--reset'), options);
  else if (command === 'reset') await start(true, options);
  else {
    console.error(`unknown command "${command}": use start, status or reset`);
    process.exit(2);
  }
}

const runDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) await runCli(process.argv.slice(2));
