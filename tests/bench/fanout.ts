/**
 * Fan-out benchmark: `npm run bench -- fanout` (or `npx tsx tests/bench/fanout.ts`).
 *
 * Starts its own stack. With 1 and with N (6) hub pages open, each a different signed-in member
 * following the app's live stream as the app does (`openLiveStream` from src/db/replication/live.ts;
 * a prompted pull is one PostgREST request per named table, as a caught-up checkpointed pull is)
 * and the presence a hub page has (the two presence channels, `online_members` on every change):
 *  - 5 replies, 1 s apart, in a thread no hub page shows: frames and bytes per page per reply
 *    (beyond an idle window of the same length), database transactions per reply (the reply's
 *    own plus every pull it prompted, each one PostgREST request) and how they grow from 1 to N
 *    pages;
 *  - the delay until a page showing the thread (joined to its topic) has each reply;
 *  - one member arriving (heartbeat, presence track), staying 8 s and leaving: frames per page.
 * Prints a table, merges the figures into bench-results.json under `fanout`. The machine is
 * shared: treat the figures as indicative.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startStack } from '../../supabase/local/stack';
import { APP_STACK_OPTIONS } from '../../scripts/local-stack';
import { openLiveStream, threadTopic, LIVE_EVENTS, type LiveStream } from '../../src/db/replication/live';
import { TABLE_SPECS } from '../../src/db/replication/tables';
import { PRESENCE_CHANNELS } from '../../src/features/presence/constants';
import { freePort, ROOT } from '../support/stack-process';
import { recordBenchResult } from './results';

const PAGES = Number(process.env.BENCH_FANOUT_PAGES ?? 6);
const REPLIES = 5;
const REPLY_GAP_MS = 1_000;
/** after the last reply: long enough for every prompted pull to have run */
const TAIL_MS = 12_000;
const STAY_MS = 8_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[bench:fanout] ${line}`);
const percentile = (values: number[], p: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? NaN;
};

/** A WebSocket counting the frames and bytes it receives, heartbeat replies left out. */
function countingTransport(counter: { frames: number; bytes: number }) {
  return class CountingSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      // realtime-js asks for ArrayBuffers
      this.on('message', (data: Buffer | ArrayBuffer) => {
        const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
        if (buf.toString('utf8').includes('"phoenix"')) return;
        counter.frames += 1;
        counter.bytes += buf.length;
      });
    }
  };
}

interface Page {
  client: SupabaseClient;
  counter: { frames: number; bytes: number; pulls: number };
  live: LiveStream;
  stop(): Promise<void>;
}

async function main(): Promise<void> {
  const [apiPort, dbPort, postgrestPort] = [await freePort(), await freePort(), await freePort()];
  const localDir = process.env.BENCH_FANOUT_DIR ?? join(ROOT, '.local', 'bench-fanout');
  const stack = await startStack({ ...APP_STACK_OPTIONS, localDir, apiPort, dbPort, postgrestPort, reset: true });
  const apiUrl = stack.status.API_URL;
  const anonKey = stack.keys.anonKey;
  const admin = new pg.Client({ connectionString: stack.config.dbUrl });
  await admin.connect();
  const pages: Page[] = [];
  const extra: SupabaseClient[] = [];

  const client = (transport?: new (url: string, protocols?: string | string[]) => WebSocket) =>
    createClient(apiUrl, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: (transport ?? WebSocket) as unknown as typeof globalThis.WebSocket },
    });
  async function member(c: SupabaseClient, prefix: string): Promise<string> {
    const suffix = randomUUID().replace(/-/g, '').slice(0, 8);
    const username = `${prefix}_${suffix}`;
    const { data, error } = await c.auth.signUp({
      email: `${username}@example.test`,
      password: `pw-${suffix}-secret`,
      options: { data: { username, display_name: username } },
    });
    if (error || !data.session) throw error ?? new Error('no session');
    return data.session.user.id;
  }
  const xacts = async () =>
    Number((await admin.query<{ n: string }>('select xact_commit::text as n from pg_stat_database where datname = current_database()')).rows[0]!.n);

  async function openPage(): Promise<Page> {
    const counter = { frames: 0, bytes: 0, pulls: 0 };
    const c = client(countingTransport(counter));
    const userId = await member(c, 'fan_page');
    const tables = Object.values(TABLE_SPECS)
      .filter((s) => s.direction !== 'push')
      .map((s) => s.table);
    const live = openLiveStream(
      c,
      { userId, tables },
      {
        onRows: () => undefined,
        onPull: (named) => {
          for (const t of named) {
            counter.pulls += 1;
            void c.from(t).select('id').order('_modified', { ascending: false }).limit(1);
          }
        },
      },
    );
    // the hub's presence: both channels, the database asked who is really online on every change
    const presence = [PRESENCE_CHANNELS.panel, PRESENCE_CHANNELS.sidebar].map((name) => {
      const ch = c.channel(name, { config: { private: true, presence: { key: userId } } });
      const ask = () => void c.rpc('online_members', { member_ids: Object.keys(ch.presenceState()) });
      ch.on('presence', { event: 'sync' }, ask).subscribe((status) => {
        if (status === 'SUBSCRIBED') void ch.track({ user_id: userId, online_at: new Date().toISOString() });
      });
      return ch;
    });
    await c.rpc('presence_heartbeat');
    return {
      client: c,
      counter,
      live,
      async stop() {
        live.stop();
        for (const ch of presence) await c.removeChannel(ch);
        c.realtime.disconnect();
      },
    };
  }

  const writer = client();
  const writerId = await member(writer, 'fan_writer');
  const threadId = randomUUID();
  {
    const { error } = await writer.from('discussions').insert({ id: threadId, user_id: writerId, title: 'Fan-out thread', category: 'Production' });
    if (error) throw error;
  }
  // a page showing the thread
  const threadPage = client();
  extra.push(threadPage);
  await member(threadPage, 'fan_reader');
  const seen = new Map<string, number>();
  await new Promise<void>((resolve) =>
    threadPage
      .channel(threadTopic(threadId), { config: { private: true } })
      .on('broadcast', { event: LIVE_EVENTS.posts }, (m: { payload: { row?: { id?: string } } }) => {
        const id = m.payload.row?.id;
        if (id && !seen.has(id)) seen.set(id, Date.now());
      })
      .subscribe((s) => s === 'SUBSCRIBED' && resolve()),
  );

  const snapshot = async () => ({
    at: Date.now(),
    xacts: await xacts(),
    frames: pages.map((p) => p.counter.frames),
    bytes: pages.map((p) => p.counter.bytes),
    pulls: pages.reduce((s, p) => s + p.counter.pulls, 0),
  });
  const perPage = (a: Awaited<ReturnType<typeof snapshot>>, b: Awaited<ReturnType<typeof snapshot>>) => ({
    frames: b.frames.reduce((s, f, i) => s + f - a.frames[i]!, 0) / pages.length,
    bytes: b.bytes.reduce((s, f, i) => s + f - a.bytes[i]!, 0) / pages.length,
    xacts: b.xacts - a.xacts,
    pulls: b.pulls - a.pulls,
  });

  const delays: number[] = [];
  async function phase(n: number) {
    while (pages.length < n) pages.push(await openPage());
    await sleep(6_000); // joins, first pulls, presence settle
    const windowMs = REPLIES * REPLY_GAP_MS + TAIL_MS;
    const i0 = await snapshot();
    await sleep(windowMs);
    const i1 = await snapshot();
    const idle = perPage(i0, i1);
    const r0 = await snapshot();
    for (let r = 0; r < REPLIES; r++) {
      const id = randomUUID();
      const t0 = Date.now();
      const { error } = await writer.from('posts').insert({ id, discussion_id: threadId, user_id: writerId, content: `Fan-out reply ${r}` });
      if (error) throw error;
      void (async () => {
        for (let k = 0; k < 200 && !seen.has(id); k++) await sleep(10);
        if (seen.has(id)) delays.push(seen.get(id)! - t0);
      })();
      await sleep(Math.max(0, t0 + REPLY_GAP_MS - Date.now()));
    }
    await sleep(TAIL_MS);
    const r1 = await snapshot();
    const busy = perPage(r0, r1);
    // one member arrives on another device, stays, leaves
    const a0 = await snapshot();
    const visitor = client();
    const visitorId = await member(visitor, 'fan_arrival');
    await visitor.rpc('presence_heartbeat');
    const ch = visitor.channel(PRESENCE_CHANNELS.panel, { config: { private: true, presence: { key: visitorId } } });
    await new Promise<void>((resolve) => ch.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    await ch.track({ user_id: visitorId, online_at: new Date().toISOString() });
    await sleep(STAY_MS);
    await visitor.removeChannel(ch);
    visitor.realtime.disconnect();
    await sleep(3_000);
    const a1 = await snapshot();
    const idleFor = (ms: number) => ({ frames: (idle.frames * ms) / windowMs, xacts: (idle.xacts * ms) / windowMs });
    const arrival = perPage(a0, a1);
    const arrivalIdle = idleFor(a1.at - a0.at);
    return {
      pages: n,
      framesPerPagePerReply: +((busy.frames - idle.frames) / REPLIES).toFixed(2),
      bytesPerPagePerReply: Math.round((busy.bytes - idle.bytes) / REPLIES),
      xactsPerReply: +((busy.xacts - idle.xacts) / REPLIES).toFixed(1),
      // every pull is one PostgREST request, one transaction; the writer's reply is one more
      transactionsPerReply: +(1 + (busy.pulls - idle.pulls) / REPLIES).toFixed(2),
      framesPerPagePerArrivalAndDeparture: +(arrival.frames - arrivalIdle.frames).toFixed(2),
      idleFramesPerPage: +idle.frames.toFixed(1),
    };
  }

  try {
    const one = await phase(1);
    log(JSON.stringify(one));
    const many = await phase(PAGES);
    log(JSON.stringify(many));
    const result = {
      pagesSmall: one.pages,
      pagesLarge: many.pages,
      framesPerPagePerReply: many.framesPerPagePerReply,
      bytesPerPagePerReply: many.bytesPerPagePerReply,
      transactionsPerReply1: one.transactionsPerReply,
      transactionsPerReplyN: many.transactionsPerReply,
      transactionsPerReplyPerExtraPage: +((many.transactionsPerReply - one.transactionsPerReply) / (many.pages - one.pages)).toFixed(2),
      // pg_stat_database lags (idle backends flush their counts late): indicative only
      xactCommitPerReply1: one.xactsPerReply,
      xactCommitPerReplyN: many.xactsPerReply,
      framesPerPagePerArrivalAndDeparture: many.framesPerPagePerArrivalAndDeparture,
      threadPageDelayP50Ms: percentile(delays, 0.5),
      threadPageDelayP95Ms: percentile(delays, 0.95),
      threadPageReplies: delays.length,
      note: 'shared 2-core machine; idle traffic of the same length subtracted',
    };
    console.table(result);
    recordBenchResult('fanout', result);
  } finally {
    for (const p of pages) await p.stop().catch(() => undefined);
    for (const c of extra) c.realtime.disconnect();
    writer.realtime.disconnect();
    await admin.end().catch(() => undefined);
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
