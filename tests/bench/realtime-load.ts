/**
 * Realtime under load: `npm run bench -- realtime-load` (or `npx tsx tests/bench/realtime-load.ts`).
 * Starts its own stack; 200 subscribers (a child process, each a different member) follow an
 * RLS-protected table while 50 writers insert 25 rows a second in all for 60 s. Every subscriber
 * must receive every row; p95 delivery under 500 ms; the gateway's memory (this process) sampled
 * every 5 s must not keep growing. Two ways of following, one after the other on the same stack
 * (`BENCH_LOAD_MODES` picks): `postgres_changes` on the table, and `broadcast`, the app's own path,
 * where a trigger sends each row to a private topic (`realtime.send`) that the subscribers joined
 * through RLS on `realtime.messages`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { startStack } from '../../supabase/local/stack';
import { APP_STACK_OPTIONS } from '../../scripts/local-stack';
import { freePort, ROOT } from '../support/stack-process';
import { recordBenchResult } from './results';

export const LOAD_TARGETS = { subscribers: 200, writers: 50, writesPerSecond: 25, seconds: Number(process.env.BENCH_LOAD_SECONDS ?? 60), p95Ms: 500 } as const;

type Mode = 'postgres_changes' | 'broadcast';
const MODES = (process.env.BENCH_LOAD_MODES ?? 'postgres_changes,broadcast').split(',').filter((m): m is Mode => m === 'postgres_changes' || m === 'broadcast');
/** the private topic the broadcast mode's trigger sends to */
export const LOAD_TOPIC = 'bench-load';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[bench:realtime-load] ${line}`);
const mb = () => Math.round(process.memoryUsage().rss / 1048576);

/** How each mode reaches the subscribers: the table in the publication, or a trigger sending each row to the topic. */
const ROUTES: Record<Mode, string> = {
  postgres_changes: `
    drop trigger if exists bench_rt_load_send on public.bench_rt_load;
    alter publication supabase_realtime add table public.bench_rt_load;`,
  broadcast: `
    alter publication supabase_realtime drop table public.bench_rt_load;
    create trigger bench_rt_load_send after insert on public.bench_rt_load
      for each row execute function public.bench_rt_load_send();`,
};

async function main(): Promise<void> {
  const [apiPort, dbPort, postgrestPort] = [await freePort(), await freePort(), await freePort()];
  const localDir = process.env.BENCH_LOAD_DIR ?? join(ROOT, '.local', 'bench-realtime-load');
  const stack = await startStack({ ...APP_STACK_OPTIONS, localDir, apiPort, dbPort, postgrestPort, reset: true });
  try {
    const admin = new pg.Client({ connectionString: stack.config.dbUrl });
    await admin.connect();
    await admin.query(`
      create table public.bench_rt_load (id bigint generated always as identity primary key, sent_at bigint not null, body text not null);
      alter table public.bench_rt_load enable row level security;
      create policy bench_rt_load_members on public.bench_rt_load for select to authenticated using (auth.uid() is not null);
      grant select on public.bench_rt_load to authenticated;
      create policy bench_rt_load_topic on realtime.messages for select to authenticated
        using (extension = 'broadcast' and realtime.topic() = '${LOAD_TOPIC}' and (select auth.uid()) is not null);
      create function public.bench_rt_load_send() returns trigger language plpgsql as $$
      begin
        perform realtime.send(jsonb_build_object('sent_at', new.sent_at), 'row', '${LOAD_TOPIC}', true);
        return null;
      end $$;
    `);
    let missed = false;
    for (const mode of MODES) {
      await admin.query(ROUTES[mode]);
      missed = !(await runLoad(stack.status.API_URL, stack.keys.anonKey, stack.keys.jwtSecret, stack.config.dbUrl, mode)) || missed;
    }
    await admin.end();
    if (missed) {
      console.error('realtime load benchmark: a target was missed');
      process.exitCode = 1;
    }
  } finally {
    await stack.stop();
  }
}

/** One run of the load in one mode; true when every delivery was made within the p95 target. */
async function runLoad(apiUrl: string, anonKey: string, jwtSecret: string, dbUrl: string, mode: Mode): Promise<boolean> {
  const writers: pg.Client[] = [];
  let child: ReturnType<typeof spawn> | null = null;
  try {
    child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'tests/bench/realtime-load-clients.ts'), apiUrl, anonKey, jwtSecret, String(LOAD_TARGETS.subscribers), mode, LOAD_TOPIC],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: child.stdout! });
    const exited = new Promise<never>((_, reject) => child!.once('exit', (code) => reject(new Error(`subscriber process exited (${String(code)})`))));
    exited.catch(() => undefined);
    const next = () =>
      Promise.race([new Promise<Record<string, number>>((resolve) => lines.once('line', (l) => resolve(JSON.parse(l) as Record<string, number>))), exited]);
    await next();
    log(`${mode}: ${LOAD_TARGETS.subscribers} subscribers joined`);

    for (let i = 0; i < LOAD_TARGETS.writers; i++) {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      writers.push(c);
    }
    const memory: number[] = [mb()];
    const sampler = setInterval(() => memory.push(mb()), 5_000);
    // each writer inserts every writers/rate seconds, staggered
    const intervalMs = (1000 * LOAD_TARGETS.writers) / LOAD_TARGETS.writesPerSecond;
    let written = 0;
    const end = Date.now() + LOAD_TARGETS.seconds * 1000;
    await Promise.all(
      writers.map(async (w, i) => {
        await sleep((intervalMs * i) / LOAD_TARGETS.writers);
        for (let at = Date.now(); at < end; at += intervalMs) {
          await w.query('insert into public.bench_rt_load (sent_at, body) values ($1, $2)', [Date.now(), `w${i}`]);
          written++;
          await sleep(Math.max(0, at + intervalMs - Date.now()));
        }
      }),
    );
    // let the last deliveries arrive
    const expected = written * LOAD_TARGETS.subscribers;
    await sleep(5_000);
    clearInterval(sampler);
    memory.push(mb());
    const report = next();
    child.stdin!.write('report\n');
    const figures = await report;
    const result = {
      mode,
      subscribers: LOAD_TARGETS.subscribers,
      writers: LOAD_TARGETS.writers,
      seconds: LOAD_TARGETS.seconds,
      written,
      expectedDeliveries: expected,
      deliveries: figures.received ?? 0,
      p50Ms: figures.p50Ms,
      p95Ms: figures.p95Ms,
      maxMs: figures.maxMs,
      rssStartMb: memory[0],
      rssMaxMb: Math.max(...memory),
      rssEndMb: memory[memory.length - 1],
      rssSamplesMb: memory.join(' '),
      note: 'gateway = this process; subscribers in a child process; 2 CPU cores shared with other work',
    };
    console.table(result);
    recordBenchResult(mode === 'broadcast' ? 'realtimeLoadBroadcast' : 'realtimeLoad', result);
    return result.deliveries === expected && (result.p95Ms ?? Infinity) < LOAD_TARGETS.p95Ms;
  } finally {
    child?.kill();
    await Promise.all(writers.map((w) => w.end().catch(() => undefined)));
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
