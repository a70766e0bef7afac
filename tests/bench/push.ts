/**
 * Push benchmark (issue 9, "Targets"): `npx tsx tests/bench/push.ts` (or `npm run bench -- push`).
 *
 * Starts its own stack, subscribes a discussion author's device at the stand-in push service, then
 * a second member replies PUSH_TARGETS.runs times through the API, one after another. Each run times
 * the reply's insert (the moment the request leaves the replier, and the row's server timestamp) to
 * the push request arriving at the push service, i.e. having left send-push. Prints the figures,
 * merges them into bench-results.json under `push`, exits 1 when the median misses the target.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { startStack } from '../../supabase/local/stack';
import { APP_STACK_OPTIONS } from '../../scripts/local-stack';
import { freePort } from '../support/stack-process';
import { startPushServiceStandIn } from '../support/standins/push-service';
import { median, recordBenchResult } from './results';

export const PUSH_TARGETS = { medianMs: 1000, runs: 25, warmups: 2 } as const;

const now = () => performance.timeOrigin + performance.now();
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

async function member(apiUrl: string, anonKey: string, prefix: string): Promise<{ id: string; client: SupabaseClient }> {
  const client = createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const username = `${prefix}_${randomUUID().slice(0, 8)}`;
  const { data, error } = await client.auth.signUp({
    email: `${username}@example.test`,
    password: `pw-${username}`,
    options: { data: { username, display_name: username } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { id: data.user.id, client };
}

const [apiPort, dbPort, postgrestPort] = [await freePort(), await freePort(), await freePort()];
const localDir = join(process.cwd(), '.local', 'bench-push');
const stack = await startStack({ ...APP_STACK_OPTIONS, localDir, apiPort, dbPort, postgrestPort, reset: true });
const pushService = await startPushServiceStandIn();
await pushService.allowIn(stack.status.DB_URL);
try {
  const { API_URL, ANON_KEY } = stack.status;
  const author = await member(API_URL, ANON_KEY, 'bpa');
  const replier = await member(API_URL, ANON_KEY, 'bpr');
  const device = pushService.subscribe();
  const stored = await author.client.from('push_subscriptions').insert({ user_id: author.id, endpoint: device.endpoint, ...device.keys });
  if (stored.error) throw stored.error;
  const thread = randomUUID();
  const created = await author.client.from('discussions').insert({ id: thread, user_id: author.id, title: 'Push benchmark', category: 'Production' });
  if (created.error) throw created.error;

  const fromRequest: number[] = [];
  const fromServerInsert: number[] = [];
  for (let i = 0; i < PUSH_TARGETS.warmups + PUSH_TARGETS.runs; i++) {
    const before = pushService.pushesFor(device).length;
    const sentAt = now();
    const { data, error } = await replier.client
      .from('posts')
      .insert({ discussion_id: thread, user_id: replier.id, content: `<p>Reply ${i}</p>` })
      .select('created_at')
      .single();
    if (error) throw error;
    await pushService.waitFor(() => pushService.pushesFor(device).length > before, 10_000);
    const arrived = pushService.pushesFor(device)[before]!.receivedAt;
    if (i < PUSH_TARGETS.warmups) continue;
    fromRequest.push(arrived - sentAt);
    fromServerInsert.push(arrived - Date.parse(data.created_at as string));
  }

  const result = {
    measuredAt: new Date().toISOString(),
    runs: fromRequest.length,
    targetMedianMs: PUSH_TARGETS.medianMs,
    medianMs: +median(fromRequest).toFixed(1),
    p95Ms: +percentile(fromRequest, 0.95).toFixed(1),
    maxMs: +Math.max(...fromRequest).toFixed(1),
    fromServerInsertMedianMs: +median(fromServerInsert).toFixed(1),
    pass: median(fromRequest) < PUSH_TARGETS.medianMs,
    note: "reply insert request sent by a member (supabase-js) -> encrypted push request arriving at the stand-in push service; fromServerInsert starts at the row's created_at (transaction start)",
  };
  console.table(result);
  recordBenchResult('push', result);
  if (!result.pass) {
    console.error('push benchmark: the median missed the target');
    process.exitCode = 1;
  }
} finally {
  await pushService.stop();
  await stack.stop();
  rmSync(localDir, { recursive: true, force: true });
}
