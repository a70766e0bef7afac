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
 * A community message's tables are pulled no earlier than this after it: past the window, so what the
 * database held back meanwhile (changes of the tables it named, which no later message names) comes
 * with that pull. Each further message of a burst moves the pull on, so a burst costs one pull per table.
 */
export const LIVE_PULL_DELAY_MS = LIVE_SIGNAL_WINDOW_MS + 1_000;
/**
 * Pulls prompted by community messages are at least this far apart, and a burst's first message
 * waits at most this long for its pull: under a steady stream of writes a page pulls each named
 * table once per this interval, not once per message. Kept below 10 s so what the device keeps is
 * never staler than that.
 */
export const LIVE_PULL_MIN_INTERVAL_MS = 7_000;
/**
 * A pull that would leave a table named less than the delay before it (so a second pull would follow
 * a whole interval later) waits up to this much longer instead, and takes it too: a burst a little
 * longer than the interval less the delay (five replies a second apart) costs one pull, not two.
 */
export const LIVE_PULL_SLACK_MS = 1_500;
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
  /**
   * tables whose changes may not have arrived: pull them again from their checkpoints. `answered`: the
   * server has just answered (a topic joined), so a pull waiting out a failed attempt may start now.
   */
  onPull(tables: readonly string[], answered?: boolean): void;
}

export interface LiveStreamOptions {
  /** the signed-in member, or null for a visitor (no member topic) */
  userId: string | null;
  /** the tables this device pulls; nothing is asked of or handed to others */
  tables: readonly string[];
  /** of those, the ones a community message does not pull (their screen asks when it shows) */
  pulledWhenShown?: readonly string[];
  /** tests shorten these */
  downResyncMs?: number;
  pullDelayMs?: number;
  pullMinIntervalMs?: number;
  pullSlackMs?: number;
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

/**
 * Coalesces pulls the community topic asks for: one pull per burst, the delay after the burst's latest
 * message but no later than the interval after its first, spaced by the minimum interval. A table named
 * less than the delay before such a pull is pulled once more after the delay, since the database leaves
 * what it holds back in a named table to that pull.
 */
function createPullScheduler(ctx: StreamContext, options: LiveStreamOptions): { schedule(tables: readonly string[]): void; cancel(): void } {
  const pullDelayMs = options.pullDelayMs ?? LIVE_PULL_DELAY_MS;
  const pullMinIntervalMs = options.pullMinIntervalMs ?? LIVE_PULL_MIN_INTERVAL_MS;
  const pullSlackMs = options.pullSlackMs ?? LIVE_PULL_SLACK_MS;
  const lazy = new Set(options.pulledWhenShown ?? []);
  let lastPullAt = -Infinity;
  /** table -> when a message last named it */
  const pending = new Map<string, number>();
  let firstPendingAt: number | null = null;
  let pullTimer: ReturnType<typeof setTimeout> | null = null;
  function schedule(tables: readonly string[]): void {
    const now = Date.now();
    for (const t of ours(ctx, tables)) if (!lazy.has(t)) pending.set(t, now);
    if (pending.size === 0) return;
    firstPendingAt ??= now;
    const latest = Math.max(...pending.values());
    let due = Math.max(Math.min(latest + pullDelayMs, firstPendingAt + pullMinIntervalMs), lastPullAt + pullMinIntervalMs);
    // everything named due a moment later: wait for it rather than pull twice an interval apart
    if (latest + pullDelayMs > due && latest + pullDelayMs - due <= pullSlackMs) due = latest + pullDelayMs;
    if (pullTimer !== null) clearTimeout(pullTimer);
    pullTimer = setTimeout(
      () => {
        pullTimer = null;
        const at = Date.now();
        const pulled = [...pending.keys()];
        for (const [t, namedAt] of pending) if (namedAt + pullDelayMs <= at) pending.delete(t);
        firstPendingAt = pending.size > 0 ? at : null;
        lastPullAt = at;
        if (ctx.isStopped()) return;
        ctx.handlers.onPull(pulled);
        if (pending.size > 0) schedule([]);
      },
      Math.max(0, due - now),
    );
  }
  return {
    schedule,
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
        handlers.onPull(tables, true);
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
  cleanups.push(reopenSocketWhenOnline(client, () => stopped));
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
 * Back online, a realtime socket that is not open is reopened at once, so the topics rejoin (and pull)
 * now: realtime-js would wait for its back-off (1, 2, 5, 10 s), lengthened by the attempts that failed offline.
 */
function reopenSocketWhenOnline(client: SupabaseClient, stopped: () => boolean): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onOnline = () => {
    // a hidden page's socket stays closed, as realtime-js keeps it; it reopens when the page is shown
    if (stopped() || client.realtime.isConnected() || document.visibilityState === 'hidden') return;
    void client.realtime.disconnect().then(() => {
      if (!stopped()) client.realtime.connect();
    });
  };
  window.addEventListener('online', onOnline);
  return () => window.removeEventListener('online', onOnline);
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
