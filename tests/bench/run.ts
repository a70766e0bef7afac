/**
 * `npm run bench`: runs each benchmark in its own process, one after another
 * (they start their own stacks and would disturb each other's timings), and
 * leaves the figures in bench-results.json. Pass names to run only some:
 * `npm run bench -- schema realtime`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Benchmark entry points, in the order they run. */
const BENCHMARKS: Record<string, string> = {
  schema: 'schema.ts',
  realtime: 'realtime-fanout.ts',
  'realtime-load': 'realtime-load.ts',
  fanout: 'fanout.ts',
  hub: 'hub.ts',
  push: 'push.ts',
  app: 'app.ts',
  reconnect: 'reconnect.ts',
  images: 'images.ts',
  lighthouse: 'lighthouse.ts',
};

/**
 * Run only by name, figures with no target: where a first screen's main-thread time goes, by function; one
 * reply's database time by its thread's follower count, the post trigger before and after its set-based fan-out;
 * what IndexedDB alone costs a first sync's posts, with and without the store's indexes; a shared link's first
 * visit at 4x CPU as the page itself saw it, beside another commit's (a steadier comparison than Lighthouse's).
 */
const ON_REQUEST: Record<string, string> = {
  profile: 'first-screen-profile.ts',
  'first-visit': 'first-visit.ts',
  reply: 'app-reply.ts',
  store: 'store-writes.ts',
};

const wanted = process.argv.slice(2);
const names = wanted.length > 0 ? wanted : Object.keys(BENCHMARKS);
let failed = 0;
for (const name of names) {
  const file = BENCHMARKS[name] ?? ON_REQUEST[name];
  const path = file ? join(import.meta.dirname, file) : '';
  if (!file || !existsSync(path)) {
    console.error(`[bench] no benchmark named "${name}"`);
    failed += 1;
    continue;
  }
  console.log(`\n[bench] ${name}`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path], { stdio: 'inherit' });
  // A missed target is a finding, not a crash: only a benchmark that could not run counts as failed.
  if (result.status !== 0 && result.status !== 1) failed += 1;
}
console.log(`\n[bench] figures are in bench-results.json`);
process.exit(failed === 0 ? 0 : 1);
