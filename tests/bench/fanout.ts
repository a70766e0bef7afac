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
 *  - the delay until a page showing the thread (joined to its topic) has each reply, and until
 *    each hub page has the thread's new counts (its header, sent in full) and a pull of posts
 *    sent after the reply answered (the device's offline copy);
 *  - presence on the N pages, as the app did before (the two realtime presence channels,
 *    `online_members` on every change) and as it does now (each tab stamps `presence_beat` on
 *    opening and every 30 s, follows the summaries on the `online` topic, stamps once more when a
 *    summary names it the clock), in the same run: frames and database calls per page for one
 *    member arriving, staying 8 s and leaving, and per arrival or departure in a stream of them
 *    (about one a second); from those, messages per second at 1,000 and 10,000 members online
 *    with one arrival or departure a second.
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
import { ONLINE_EVENT, ONLINE_SIGNAL_WINDOW_MS, ONLINE_TOPIC, PRESENCE_CHANNELS, PRESENCE_HEARTBEAT_MS } from '../../src/features/presence/constants';
import { parseOnlineSummary, tabDigest } from '../../src/features/presence/model/presence';
import { freePort, ROOT } from '../support/stack-process';
import { recordBenchResult } from './results';

const PAGES = Number(process.env.BENCH_FANOUT_PAGES ?? 6);
const REPLIES = 5;
const REPLY_GAP_MS = 1_000;
/** after the last reply: long enough for every prompted pull to have run */
const TAIL_MS = 12_000;
const STAY_MS = 8_000;
/** the stream of arrivals and departures: this many members, one arriving every STREAM_GAP_MS, each staying STAY_MS */
const STREAM_MEMBERS = 12;
const STREAM_GAP_MS = 2_000;
type PresenceMode = 'before' | 'after';
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
  userId: string;
  counter: { frames: number; bytes: number; pulls: number; rpcs: number };
  /** when each prompted posts pull was sent and answered: the device's offline copy is fresh from then */
  postsPulls: { sentAt: number; answeredAt: number }[];
  /** when discussion headers (the hub's counts) arrived in full on the community topic */
  headersAt: number[];
  live: LiveStream;
  presence: (() => Promise<void>) | null;
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
    const counter = { frames: 0, bytes: 0, pulls: 0, rpcs: 0 };
    const postsPulls: Page['postsPulls'] = [];
    const headersAt: number[] = [];
    const c = client(countingTransport(counter));
    const userId = await member(c, 'fan_page');
    const tables = Object.values(TABLE_SPECS)
      .filter((s) => s.direction !== 'push')
      .map((s) => s.table);
    // as the engine does: tables only their screen pulls are left out of the community topic's pulls
    const pulledWhenShown = Object.values(TABLE_SPECS)
      .filter((s) => s.pulledWhenShown)
      .map((s) => s.table);
    const live = openLiveStream(
      c,
      { userId, tables, pulledWhenShown },
      {
        onRows: (table) => {
          if (table === 'discussions') headersAt.push(Date.now());
        },
        onPull: (named) => {
          for (const t of named) {
            counter.pulls += 1;
            const sentAt = Date.now();
            void c
              .from(t)
              .select('id')
              .order('_modified', { ascending: false })
              .limit(1)
              .then(() => t === 'posts' && postsPulls.push({ sentAt, answeredAt: Date.now() }));
          }
        },
      },
    );
    const page: Page = {
      client: c,
      userId,
      counter,
      postsPulls,
      headersAt,
      live,
      presence: null,
      async stop() {
        live.stop();
        await page.presence?.();
        c.realtime.disconnect();
      },
    };
    return page;
  }

  /** A hub page's presence as the app had it before: both channels, the database asked on every change. */
  async function presenceBefore(page: Page): Promise<() => Promise<void>> {
    const c = page.client;
    await c.rpc('presence_heartbeat');
    const channels = [PRESENCE_CHANNELS.panel, PRESENCE_CHANNELS.sidebar].map((name) => {
      const ch = c.channel(name, { config: { private: true, presence: { key: page.userId } } });
      const ask = () => {
        page.counter.rpcs += 1;
        void c.rpc('online_members', { member_ids: Object.keys(ch.presenceState()) });
      };
      ch.on('presence', { event: 'sync' }, ask).subscribe((status) => {
        if (status === 'SUBSCRIBED') void ch.track({ user_id: page.userId, online_at: new Date().toISOString() });
      });
      return ch;
    });
    return async () => {
      for (const ch of channels) await c.removeChannel(ch);
    };
  }

  /** A hub page's presence as the app has it now (src/features/presence/hooks/use-online-summary.ts). */
  async function presenceAfter(page: Page): Promise<() => Promise<void>> {
    const c = page.client;
    const tab = randomUUID();
    const mine = await tabDigest(tab);
    let clockTimer: ReturnType<typeof setTimeout> | null = null;
    const beat = () => {
      page.counter.rpcs += 1;
      return c.rpc('presence_beat', { tab_key: tab });
    };
    const ch = c.channel(ONLINE_TOPIC, { config: { private: true } });
    ch.on('broadcast', { event: ONLINE_EVENT }, (m: { payload: unknown }) => {
      const summary = parseOnlineSummary(m.payload);
      if (summary?.clock !== mine || clockTimer !== null) return;
      clockTimer = setTimeout(() => {
        clockTimer = null;
        void beat();
      }, ONLINE_SIGNAL_WINDOW_MS + 300);
    });
    await new Promise<void>((resolve) => ch.subscribe((status) => status === 'SUBSCRIBED' && resolve()));
    await beat();
    const timer = setInterval(() => void beat(), PRESENCE_HEARTBEAT_MS);
    return async () => {
      clearInterval(timer);
      if (clockTimer !== null) clearTimeout(clockTimer);
      await c.rpc('presence_leave', { tab_key: tab });
      await c.removeChannel(ch);
    };
  }

  /** Another member's device: arrives, and `leave()` closes it, each the way the mode's app does. */
  async function arrive(mode: PresenceMode, visitor: { client: SupabaseClient; id: string }): Promise<() => Promise<void>> {
    const v = visitor.client;
    if (mode === 'before') {
      await v.rpc('presence_heartbeat');
      const channels = [PRESENCE_CHANNELS.panel, PRESENCE_CHANNELS.sidebar].map((name) =>
        v.channel(name, { config: { private: true, presence: { key: visitor.id } } }),
      );
      for (const ch of channels) {
        await new Promise<void>((resolve) => ch.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
        await ch.track({ user_id: visitor.id, online_at: new Date().toISOString() });
      }
      return async () => {
        for (const ch of channels) await v.removeChannel(ch);
      };
    }
    const tab = randomUUID();
    const ch = v.channel(ONLINE_TOPIC, { config: { private: true } });
    await new Promise<void>((resolve) => ch.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    await v.rpc('presence_beat', { tab_key: tab });
    return async () => {
      await v.rpc('presence_leave', { tab_key: tab });
      await v.removeChannel(ch);
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
    rpcs: pages.map((p) => p.counter.rpcs),
  });
  const perPage = (a: Awaited<ReturnType<typeof snapshot>>, b: Awaited<ReturnType<typeof snapshot>>) => ({
    frames: b.frames.reduce((s, f, i) => s + f - a.frames[i]!, 0) / pages.length,
    bytes: b.bytes.reduce((s, f, i) => s + f - a.bytes[i]!, 0) / pages.length,
    xacts: b.xacts - a.xacts,
    pulls: b.pulls - a.pulls,
    rpcs: b.rpcs.reduce((s, f, i) => s + f - a.rpcs[i]!, 0) / pages.length,
  });

  const delays: number[] = [];
  // per hub page and reply: until its counts (the header) and its offline copy (a posts pull sent after the reply) are fresh
  const countsDelays: number[] = [];
  const copyDelays: number[] = [];
  async function phase(n: number) {
    while (pages.length < n) pages.push(await openPage());
    await sleep(6_000); // joins, first pulls, presence settle
    const windowMs = REPLIES * REPLY_GAP_MS + TAIL_MS;
    const i0 = await snapshot();
    await sleep(windowMs);
    const i1 = await snapshot();
    const idle = perPage(i0, i1);
    const r0 = await snapshot();
    const committedAt: number[] = [];
    for (let r = 0; r < REPLIES; r++) {
      const id = randomUUID();
      const t0 = Date.now();
      const { error } = await writer.from('posts').insert({ id, discussion_id: threadId, user_id: writerId, content: `Fan-out reply ${r}` });
      if (error) throw error;
      committedAt.push(Date.now());
      void (async () => {
        for (let k = 0; k < 200 && !seen.has(id); k++) await sleep(10);
        if (seen.has(id)) delays.push(seen.get(id)! - t0);
      })();
      await sleep(Math.max(0, t0 + REPLY_GAP_MS - Date.now()));
    }
    await sleep(TAIL_MS);
    const r1 = await snapshot();
    for (const at of committedAt)
      for (const p of pages) {
        const header = p.headersAt.find((t) => t >= at);
        const pull = p.postsPulls.find((x) => x.sentAt >= at);
        countsDelays.push(header === undefined ? Infinity : header - at);
        copyDelays.push(pull === undefined ? Infinity : pull.answeredAt - at);
      }
    const busy = perPage(r0, r1);
    return {
      pages: n,
      framesPerPagePerReply: +((busy.frames - idle.frames) / REPLIES).toFixed(2),
      bytesPerPagePerReply: Math.round((busy.bytes - idle.bytes) / REPLIES),
      xactsPerReply: +((busy.xacts - idle.xacts) / REPLIES).toFixed(1),
      // every pull is one PostgREST request, one transaction; the writer's reply is one more
      transactionsPerReply: +(1 + (busy.pulls - idle.pulls) / REPLIES).toFixed(2),
      idleFramesPerPage: +idle.frames.toFixed(1),
    };
  }

  /** Presence on the open pages, one mode: a lone come-and-go, then a stream of them. */
  async function presencePhase(mode: PresenceMode, visitors: { client: SupabaseClient; id: string }[]) {
    for (const p of pages) p.presence = await (mode === 'before' ? presenceBefore(p) : presenceAfter(p));
    // joins and first summaries settle; then a window as long as the stream, with nobody arriving
    await sleep(ONLINE_SIGNAL_WINDOW_MS + 2_000);
    const streamMs = STREAM_MEMBERS * STREAM_GAP_MS + STAY_MS + ONLINE_SIGNAL_WINDOW_MS + 3_000;
    const i0 = await snapshot();
    await sleep(streamMs);
    const idle = perPage(i0, await snapshot());
    const beyondIdle = (d: ReturnType<typeof perPage>, ms: number) => ({
      frames: d.frames - (idle.frames * ms) / streamMs,
      rpcs: d.rpcs - (idle.rpcs * ms) / streamMs,
    });

    // one member arrives on another device, stays, leaves; measured until the departure has had its summary
    const lone = visitors[0]!;
    const a0 = await snapshot();
    const leave = await arrive(mode, lone);
    await sleep(STAY_MS);
    await leave();
    await sleep(ONLINE_SIGNAL_WINDOW_MS + 3_000);
    const a1 = await snapshot();
    const comeAndGo = beyondIdle(perPage(a0, a1), a1.at - a0.at);

    // a stream: one arriving every STREAM_GAP_MS, each leaving STAY_MS later (about one event a second)
    const s0 = await snapshot();
    const leaves: Promise<void>[] = [];
    for (const v of visitors.slice(1)) {
      const leaveV = await arrive(mode, v);
      leaves.push(sleep(STAY_MS).then(leaveV));
      await sleep(STREAM_GAP_MS);
    }
    await Promise.all(leaves);
    await sleep(ONLINE_SIGNAL_WINDOW_MS + 3_000);
    const s1 = await snapshot();
    const events = 2 * (visitors.length - 1);
    const stream = beyondIdle(perPage(s0, s1), s1.at - s0.at);
    for (const p of pages) {
      await p.presence?.();
      p.presence = null;
    }
    return {
      framesPerPagePerComeAndGo: +comeAndGo.frames.toFixed(2),
      rpcsPerPagePerComeAndGo: +comeAndGo.rpcs.toFixed(2),
      framesPerPagePerEvent: +(stream.frames / events).toFixed(3),
      rpcsPerPagePerEvent: +(stream.rpcs / events).toFixed(3),
      framesPerPagePerSecond: +((stream.frames * 1000) / (s1.at - s0.at)).toFixed(3),
      eventsPerSecond: +((events * 1000) / (s1.at - s0.at)).toFixed(2),
    };
  }

  try {
    const one = await phase(1);
    log(JSON.stringify(one));
    const many = await phase(PAGES);
    log(JSON.stringify(many));
    const visitors: { client: SupabaseClient; id: string }[] = [];
    for (let i = 0; i <= STREAM_MEMBERS; i++) {
      const v = client();
      extra.push(v);
      visitors.push({ client: v, id: await member(v, 'fan_arrival') });
    }
    const before = await presencePhase('before', visitors);
    log(`presence before: ${JSON.stringify(before)}`);
    const after = await presencePhase('after', visitors);
    log(`presence after: ${JSON.stringify(after)}`);
    // At one arrival or departure a second: before, every event reached every page (frames per event);
    // after, a page gets at most one summary per window whatever the events (frames per second, capped).
    const atOneEventPerSecond = (online: number) => ({
      before: Math.round(online * before.framesPerPagePerEvent),
      after: Math.round(online * Math.min(after.framesPerPagePerEvent, 1000 / ONLINE_SIGNAL_WINDOW_MS)),
      afterBound: Math.round((online * 1000) / ONLINE_SIGNAL_WINDOW_MS),
    });
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
      presenceFramesPerPagePerComeAndGoBefore: before.framesPerPagePerComeAndGo,
      presenceFramesPerPagePerComeAndGoAfter: after.framesPerPagePerComeAndGo,
      presenceRpcsPerPagePerComeAndGoBefore: before.rpcsPerPagePerComeAndGo,
      presenceRpcsPerPagePerComeAndGoAfter: after.rpcsPerPagePerComeAndGo,
      presenceFramesPerPagePerEventBefore: before.framesPerPagePerEvent,
      presenceFramesPerPagePerEventAfter: after.framesPerPagePerEvent,
      presenceRpcsPerPagePerEventBefore: before.rpcsPerPagePerEvent,
      presenceRpcsPerPagePerEventAfter: after.rpcsPerPagePerEvent,
      presenceStreamEventsPerSecond: after.eventsPerSecond,
      presenceFramesPerPagePerSecondAfter: after.framesPerPagePerSecond,
      presenceMsgsPerSecondAt1000Before: atOneEventPerSecond(1_000).before,
      presenceMsgsPerSecondAt1000After: atOneEventPerSecond(1_000).after,
      presenceMsgsPerSecondAt10000Before: atOneEventPerSecond(10_000).before,
      presenceMsgsPerSecondAt10000After: atOneEventPerSecond(10_000).after,
      presenceMsgsPerSecondAt10000AfterBound: atOneEventPerSecond(10_000).afterBound,
      threadPageDelayP50Ms: percentile(delays, 0.5),
      threadPageDelayP95Ms: percentile(delays, 0.95),
      threadPageReplies: delays.length,
      // Infinity: a page never got it (a miss)
      hubCountsDelayP50Ms: percentile(countsDelays, 0.5),
      hubCountsDelayP95Ms: percentile(countsDelays, 0.95),
      offlineCopyDelayP50Ms: percentile(copyDelays, 0.5),
      offlineCopyDelayP95Ms: percentile(copyDelays, 0.95),
      offlineCopyDelayMaxMs: Math.max(...copyDelays),
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
