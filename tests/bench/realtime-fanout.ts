/**
 * Realtime benchmark (issue 3, "Targets"): `node --expose-gc --import tsx tests/bench/realtime-fanout.ts`
 * (plain `npx tsx` works too; memory figures are then without a forced GC).
 *
 * Starts its own stack (own directory, free ports), then measures:
 *  - fan-out: 200 supabase-js clients, each signed in as a different member, subscribed to
 *    postgres_changes on one RLS-protected table; one insert per round; every subscriber must
 *    receive it; p50 / p95 / max delivery latency from before the INSERT to the client callback.
 *    Clients and server share this process (and its event loop), so the figures are conservative.
 *  - idle connections: 1,000 WebSockets (in a child process, so the memory growth measured here is
 *    the server's) joined to a channel and held past the 60 s heartbeat timeout with heartbeats.
 * Prints a table, merges the figures into bench-results.json under `realtime`, exits 1 when a target is missed.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import ws from 'ws';
import { startStack } from '../../supabase/local/stack';
import { APP_STACK_OPTIONS } from '../../scripts/local-stack';
import { freePort, ROOT } from '../support/stack-process';
import { recordBenchResult } from './results';

export const REALTIME_TARGETS = { subscribers: 200, p95Ms: 500, idleConnections: 1_000 } as const;
const ROUNDS = Number(process.env.BENCH_RT_ROUNDS ?? 10);
const HOLD_MS = Number(process.env.BENCH_RT_HOLD_MS ?? 65_000);
const ROUND_TIMEOUT_MS = 10_000;

const gc = (globalThis as { gc?: () => void }).gc;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? NaN;
};
const log = (line: string) => console.log(`[bench:realtime] ${line}`);

function serverMemory(): { heapAndExternal: number } {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return { heapAndExternal: m.heapUsed + m.external + m.arrayBuffers };
}

async function main(): Promise<void> {
  const [apiPort, dbPort, postgrestPort] = [await freePort(), await freePort(), await freePort()];
  const localDir = process.env.BENCH_RT_DIR ?? join(ROOT, '.local', 'bench-realtime');
  log(`starting a stack in ${localDir} (api ${apiPort}, db ${dbPort})`);
  const stack = await startStack({ ...APP_STACK_OPTIONS, localDir, apiPort, dbPort, postgrestPort, reset: true });
  const db = new pg.Client({ connectionString: stack.config.dbUrl });
  const clients: SupabaseClient[] = [];
  let idleChild: ReturnType<typeof spawn> | null = null;
  try {
    await db.connect();
    await db.query(`
      create table public.bench_rt_fanout (id bigint generated always as identity primary key, body text not null, created_at timestamptz not null default now());
      alter table public.bench_rt_fanout enable row level security;
      create policy bench_rt_fanout_members on public.bench_rt_fanout for select to authenticated using (auth.uid() is not null);
      grant select on public.bench_rt_fanout to authenticated;
      alter publication supabase_realtime add table public.bench_rt_fanout;
    `);

    // --- fan-out ---------------------------------------------------------------------------
    const secret = new TextEncoder().encode(stack.keys.jwtSecret);
    const received = new Map<string, Map<number, number>>(); // body -> subscriber -> time
    const channels: RealtimeChannel[] = [];
    const tSub = performance.now();
    await Promise.all(
      Array.from({ length: REALTIME_TARGETS.subscribers }, async (_, i) => {
        const sub = randomUUID();
        const token = await new SignJWT({ role: 'authenticated', sub, aud: 'authenticated' })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt()
          .setExpirationTime('2h')
          .sign(secret);
        const client = createClient(stack.status.API_URL, stack.keys.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
          realtime: { transport: ws as unknown as typeof WebSocket },
        });
        clients.push(client);
        await client.realtime.setAuth(token);
        const channel = client.channel(`fanout-${i}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bench_rt_fanout' }, (payload) => {
          const now = performance.now();
          const body = String(payload.new.body);
          let perSub = received.get(body);
          if (!perSub) received.set(body, (perSub = new Map()));
          perSub.set(i, now);
        });
        channels.push(channel);
        await new Promise<void>((resolve, reject) =>
          channel.subscribe((status, err) => {
            if (status === 'SUBSCRIBED') resolve();
            else if (status !== 'CLOSED') reject(err ?? new Error(status));
          }),
        );
      }),
    );
    log(`${REALTIME_TARGETS.subscribers} subscribers joined in ${(performance.now() - tSub).toFixed(0)} ms`);

    const latencies: number[] = [];
    let completeRounds = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const body = `round-${round}-${randomUUID()}`;
      const t0 = performance.now();
      await db.query('insert into public.bench_rt_fanout (body) values ($1)', [body]);
      const deadline = Date.now() + ROUND_TIMEOUT_MS;
      while ((received.get(body)?.size ?? 0) < REALTIME_TARGETS.subscribers && Date.now() < deadline) await sleep(5);
      const times = [...(received.get(body)?.values() ?? [])];
      if (times.length === REALTIME_TARGETS.subscribers) completeRounds++;
      latencies.push(...times.map((t) => t - t0));
      log(`round ${round + 1}: ${times.length}/${REALTIME_TARGETS.subscribers} received, slowest ${(Math.max(...times) - t0).toFixed(0)} ms`);
      await sleep(200);
    }
    await Promise.all(
      clients.map(async (c) => {
        await c.removeAllChannels();
        c.realtime.disconnect();
      }),
    );
    await sleep(500);

    // --- idle connections ------------------------------------------------------------------
    const before = serverMemory();
    const url = `${stack.status.API_URL.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.keys.anonKey}&vsn=2.0.0`;
    idleChild = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'tests/bench/realtime-idle-clients.ts'), url, String(REALTIME_TARGETS.idleConnections)],
      {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const lines = createInterface({ input: idleChild.stdout! });
    const nextReport = () =>
      new Promise<{ opened: number; open: number; closed: number; errors: number; heartbeatsOk: number }>((resolve) =>
        lines.once('line', (l) => resolve(JSON.parse(l))),
      );
    const tIdle = performance.now();
    const joined = await nextReport();
    const openMs = performance.now() - tIdle;
    log(`${joined.open} idle connections joined in ${openMs.toFixed(0)} ms (errors ${joined.errors})`);
    await sleep(1_000);
    const after = serverMemory();
    log(`holding them for ${(HOLD_MS / 1000).toFixed(0)} s (past the heartbeat timeout)...`);
    await sleep(HOLD_MS);
    const held = nextReport();
    idleChild.stdin!.write('report\n');
    const heldReport = await held;
    idleChild.stdin!.end();

    const result = {
      subscribers: REALTIME_TARGETS.subscribers,
      distinctTokens: REALTIME_TARGETS.subscribers,
      rounds: ROUNDS,
      roundsAllReceived: completeRounds,
      deliveries: latencies.length,
      p50Ms: +percentile(latencies, 0.5).toFixed(1),
      p95Ms: +percentile(latencies, 0.95).toFixed(1),
      maxMs: +Math.max(...latencies).toFixed(1),
      idleConnections: heldReport.open,
      idleOpenMs: Math.round(openMs),
      idleHeldSeconds: Math.round(HOLD_MS / 1000),
      idleErrors: heldReport.errors + joined.errors,
      idleClosed: heldReport.closed,
      idleHeartbeatsOk: heldReport.heartbeatsOk,
      // heap + external + array buffers after GC; RSS is left out (freed pages of the fan-out phase are reused)
      bytesPerIdleConnection: Math.round((after.heapAndExternal - before.heapAndExternal) / REALTIME_TARGETS.idleConnections),
      gcForced: Boolean(gc),
      note: 'clients and server share one process for the fan-out; idle clients run in a child process',
    };
    console.table(result);
    recordBenchResult('realtime', result);
    const missed =
      completeRounds !== ROUNDS ||
      result.p95Ms >= REALTIME_TARGETS.p95Ms ||
      result.idleConnections !== REALTIME_TARGETS.idleConnections ||
      result.idleErrors > 0 ||
      result.idleClosed > 0;
    if (missed) {
      console.error('realtime benchmark: a target was missed');
      process.exitCode = 1;
    }
  } finally {
    idleChild?.kill();
    for (const c of clients) c.realtime.disconnect();
    await db.end().catch(() => undefined);
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
