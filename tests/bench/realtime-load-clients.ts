/**
 * Child process of realtime-load.ts: `tsx realtime-load-clients.ts <apiUrl> <anonKey> <jwtSecret> <count> <mode> <topic>`.
 * Opens `count` supabase-js clients, each a different member, subscribed to postgres_changes on
 * bench_rt_load, or (mode `broadcast`) joined to the private topic its rows are sent to; prints `{"joined":n}` once all are joined, then on a `report` line on stdin the
 * delivery figures (latency from the writer's clock, same machine) as one JSON line.
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import ws from 'ws';

const [apiUrl = '', anonKey = '', jwtSecret = '', countArg = '200', mode = 'postgres_changes', topic = 'bench-load'] = process.argv.slice(2);
const count = Number(countArg);
const latencies: number[] = [];
const clients: SupabaseClient[] = [];

const percentile = (values: number[], p: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? NaN;
};

async function main(): Promise<void> {
  const secret = new TextEncoder().encode(jwtSecret);
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const token = await new SignJWT({ role: 'authenticated', sub: randomUUID(), aud: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(secret);
      const client = createClient(apiUrl, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as unknown as typeof WebSocket },
      });
      clients.push(client);
      await client.realtime.setAuth(token);
      const channel =
        mode === 'broadcast'
          ? client.channel(topic, { config: { private: true } }).on('broadcast', { event: 'row' }, (message) => {
              latencies.push(Date.now() - Number((message.payload as { sent_at?: unknown }).sent_at));
            })
          : client.channel(`load-${i}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bench_rt_load' }, (payload) => {
              latencies.push(Date.now() - Number(payload.new.sent_at));
            });
      await new Promise<void>((resolve, reject) =>
        channel.subscribe((status, err) => {
          if (status === 'SUBSCRIBED') resolve();
          else if (status !== 'CLOSED') reject(err ?? new Error(status));
        }),
      );
    }),
  );
  console.log(JSON.stringify({ joined: count }));
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'report') return;
    console.log(
      JSON.stringify({
        received: latencies.length,
        p50Ms: percentile(latencies, 0.5),
        p95Ms: percentile(latencies, 0.95),
        maxMs: latencies.reduce((a, b) => Math.max(a, b), 0),
      }),
    );
    for (const c of clients) c.realtime.disconnect();
    process.exit(0);
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
