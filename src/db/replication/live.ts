import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { Row } from './row-mapping';

/**
 * The live stream: broadcast from the database on private topics (see docs/live-updates.md).
 * What a screen shows arrives in full: the open thread's posts and header on its thread topic,
 * the member's notifications on their member topic, the hub's discussion headers with each
 * community message. Everything else the device keeps is pulled from the checkpoints when the
 * community topic names its table, coalesced, and whenever rows may have been missed.
 */

/** Topics and events the database's triggers send (supabase/migrations/*_live_broadcast_topics.sql). */
export const COMMUNITY_TOPIC = 'community';
export const threadTopic = (discussionId: string): string => `thread:${discussionId}`;
export const memberTopic = (userId: string): string => `member:${userId}`;
export const LIVE_EVENTS = { changed: 'changed', posts: 'posts', discussions: 'discussions', notifications: 'notifications' } as const;

/** The community topic speaks at most once per this window (the database's throttle; keep them equal). */
export const LIVE_SIGNAL_WINDOW_MS = 2_000;
/**
 * After a community message, its tables are pulled once this much later: past the window, so what
 * the database held back meanwhile (changes of the same tables, no message) comes with the same pull,
 * and a burst of replies costs a page one pull per table.
 */
export const LIVE_PULL_DELAY_MS = LIVE_SIGNAL_WINDOW_MS + 1_000;
/**
 * Pulls prompted by community messages are at least this far apart: under a steady stream of
 * writes a page pulls each named table once per this interval, not once per message. Kept below
 * 10 s so what the device keeps is never staler than that.
 */
export const LIVE_PULL_MIN_INTERVAL_MS = 7_000;
/**
 * While a topic is not joined (socket dropped, join refused or timed out), its tables are re-checked
 * from their checkpoints this often: realtime-js takes up to 10 s to come back.
 */
export const LIVE_DOWN_RESYNC_MS = 2_000;
/** A change held back by the window in a table the next message does not name waits at most this long. */
export const LIVE_BACKSTOP_MS = 120_000;

/** Tables whose rows a thread topic carries, and the member topic. */
const THREAD_TABLES = ['posts', 'discussions'] as const;
const MEMBER_TABLES = ['notifications', 'discussion_reads'] as const;

export interface LiveStreamHandlers {
  /** rows (as the server holds them) to hand to a table's stream */
  onRows(table: string, rows: Row[]): void;
  /** tables whose changes may not have arrived: pull them again from their checkpoints */
  onPull(tables: readonly string[]): void;
}

export interface LiveStreamOptions {
  /** the signed-in member, or null for a visitor (no member topic) */
  userId: string | null;
  /** the tables this device pulls; nothing is asked of or handed to others */
  tables: readonly string[];
  /** tests shorten these */
  downResyncMs?: number;
  pullDelayMs?: number;
  pullMinIntervalMs?: number;
  backstopMs?: number;
}

export interface LiveStream {
  /** follows one thread's rows (the thread a page shows); watching another stops the previous one */
  watchThread(discussionId: string): void;
  unwatchThread(discussionId: string): void;
  stop(): void;
}

type Message = { event: string; payload: Record<string, unknown> };

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What every step of one open stream shares. */
interface StreamContext {
  client: SupabaseClient;
  handlers: LiveStreamHandlers;
  /** the tables this device pulls */
  kept: ReadonlySet<string>;
  downResyncMs: number;
  isStopped(): boolean;
}

const ours = (ctx: StreamContext, tables: readonly string[]): string[] => tables.filter((t) => ctx.kept.has(t));
const rowsOf = (m: Message): Row[] => (isRow(m.payload.row) ? [m.payload.row] : []);

/** Coalesces pulls the community topic asks for: one delayed pull per burst, spaced by the minimum interval. */
function createPullScheduler(ctx: StreamContext, options: LiveStreamOptions): { schedule(tables: readonly string[]): void; cancel(): void } {
  const pullDelayMs = options.pullDelayMs ?? LIVE_PULL_DELAY_MS;
  const pullMinIntervalMs = options.pullMinIntervalMs ?? LIVE_PULL_MIN_INTERVAL_MS;
  let lastPullAt = -Infinity;
  const pending = new Set<string>();
  let pullTimer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule(tables) {
      for (const t of ours(ctx, tables)) pending.add(t);
      if (pullTimer !== null || pending.size === 0) return;
      const wait = Math.max(pullDelayMs, lastPullAt + pullMinIntervalMs - Date.now());
      pullTimer = setTimeout(() => {
        pullTimer = null;
        const due = [...pending];
        pending.clear();
        lastPullAt = Date.now();
        if (!ctx.isStopped()) ctx.handlers.onPull(due);
      }, wait);
    },
    cancel() {
      if (pullTimer !== null) clearTimeout(pullTimer);
    },
  };
}

/** Joins a private topic; a (re)join and every few seconds while down pull `tables` again. */
function follow(ctx: StreamContext, topic: string, tables: readonly string[], onMessage: (m: Message) => void): () => void {
  const { client, handlers } = ctx;
  let downTimer: ReturnType<typeof setInterval> | null = null;
  let removed = false;
  const stopDownResync = () => {
    if (downTimer !== null) clearInterval(downTimer);
    downTimer = null;
  };
  const channel: RealtimeChannel = client
    .channel(topic, { config: { private: true } })
    .on('broadcast', { event: '*' }, (m: Message) => {
      if (!removed && !ctx.isStopped()) onMessage(m);
    })
    .subscribe((status: string) => {
      if (removed || ctx.isStopped()) return;
      if (status === 'SUBSCRIBED') {
        stopDownResync();
        handlers.onPull(tables);
        return;
      }
      // CHANNEL_ERROR, TIMED_OUT, CLOSED: realtime-js rejoins on its own; until then only pulls bring changes.
      if (downTimer === null) {
        handlers.onPull(tables);
        downTimer = setInterval(() => handlers.onPull(tables), ctx.downResyncMs);
      }
    });
  return () => {
    removed = true;
    stopDownResync();
    void client.removeChannel(channel);
  };
}

/** The community topic: discussion headers arrive in full, other named tables are pulled (coalesced). */
function followCommunity(ctx: StreamContext, tables: readonly string[], schedulePull: (tables: readonly string[]) => void): (() => void) | null {
  const communityTables = tables.filter((t) => !(MEMBER_TABLES as readonly string[]).includes(t));
  if (communityTables.length === 0) return null;
  return follow(ctx, COMMUNITY_TOPIC, communityTables, (m) => {
    if (m.event !== LIVE_EVENTS.changed) return;
    const headers = Array.isArray(m.payload.discussions) ? m.payload.discussions.filter(isRow) : [];
    if (headers.length > 0 && ctx.kept.has('discussions')) ctx.handlers.onRows('discussions', headers);
    const named = Array.isArray(m.payload.tables) ? m.payload.tables.filter((t): t is string => typeof t === 'string') : [];
    schedulePull(named);
  });
}

/** The member's own topic: their rows arrive in full. */
function followMember(ctx: StreamContext, userId: string | null): (() => void) | null {
  const memberTables = ours(ctx, MEMBER_TABLES);
  if (!userId || memberTables.length === 0) return null;
  return follow(ctx, memberTopic(userId), memberTables, (m) => {
    if (memberTables.includes(m.event)) ctx.handlers.onRows(m.event, rowsOf(m));
  });
}

/** Follows at most one thread topic at a time. */
function createThreadWatcher(ctx: StreamContext): Pick<LiveStream, 'watchThread' | 'unwatchThread'> & { unwatch(): void } {
  const threadTables = ours(ctx, THREAD_TABLES);
  let watched: { id: string; leave: () => void } | null = null;
  const unwatch = () => {
    watched?.leave();
    watched = null;
  };
  return {
    watchThread(discussionId) {
      if (ctx.isStopped() || threadTables.length === 0 || watched?.id === discussionId) return;
      unwatch();
      watched = {
        id: discussionId,
        leave: follow(ctx, threadTopic(discussionId), threadTables, (m) => {
          if (threadTables.includes(m.event)) ctx.handlers.onRows(m.event, rowsOf(m));
        }),
      };
    },
    unwatchThread(discussionId) {
      if (watched?.id === discussionId) unwatch();
    },
    unwatch,
  };
}

export function openLiveStream(client: SupabaseClient, options: LiveStreamOptions, handlers: LiveStreamHandlers): LiveStream {
  let stopped = false;
  const ctx: StreamContext = {
    client,
    handlers,
    kept: new Set(options.tables),
    downResyncMs: options.downResyncMs ?? LIVE_DOWN_RESYNC_MS,
    isStopped: () => stopped,
  };
  const pulls = createPullScheduler(ctx, options);
  const cleanups = [followCommunity(ctx, options.tables, pulls.schedule), followMember(ctx, options.userId)].filter((fn): fn is () => void => fn !== null);
  const backstop = setInterval(() => !stopped && handlers.onPull(options.tables), options.backstopMs ?? LIVE_BACKSTOP_MS);
  const thread = createThreadWatcher(ctx);

  return {
    watchThread: thread.watchThread,
    unwatchThread: thread.unwatchThread,
    stop() {
      stopped = true;
      thread.unwatch();
      clearInterval(backstop);
      pulls.cancel();
      cleanups.splice(0).forEach((fn) => fn());
    },
  };
}

/**
 * Calls `onSuspect` when the page wakes up (shown again after being hidden, restored from the
 * back-forward cache): timers and sockets of a background tab may have been frozen, so changes
 * can have been missed without any channel noticing.
 */
export function watchForWakeUps(onSuspect: () => void): () => void {
  if (typeof document === 'undefined' || typeof window === 'undefined') return () => undefined;
  const onVisibility = () => {
    if (document.visibilityState === 'visible') onSuspect();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) onSuspect();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pageshow', onPageShow);
  };
}
