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

export function openLiveStream(client: SupabaseClient, options: LiveStreamOptions, handlers: LiveStreamHandlers): LiveStream {
  const kept = new Set(options.tables);
  const ours = (tables: readonly string[]) => tables.filter((t) => kept.has(t));
  const downResyncMs = options.downResyncMs ?? LIVE_DOWN_RESYNC_MS;
  const pullDelayMs = options.pullDelayMs ?? LIVE_PULL_DELAY_MS;
  const pullMinIntervalMs = options.pullMinIntervalMs ?? LIVE_PULL_MIN_INTERVAL_MS;
  let lastPullAt = -Infinity;
  let stopped = false;
  /** table -> when a message last named it */
  const pending = new Map<string, number>();
  let firstPendingAt: number | null = null;
  let pullTimer: ReturnType<typeof setTimeout> | null = null;

  // One pull per burst: the delay after the burst's latest message, but no later than the interval after its
  // first. A table named less than the delay before such a pull is pulled once more after the delay, since the
  // database leaves what it holds back in a named table to that pull.
  function schedulePull(tables: readonly string[]): void {
    const now = Date.now();
    for (const t of ours(tables)) pending.set(t, now);
    if (pending.size === 0) return;
    firstPendingAt ??= now;
    const latest = Math.max(...pending.values());
    const due = Math.max(Math.min(latest + pullDelayMs, firstPendingAt + pullMinIntervalMs), lastPullAt + pullMinIntervalMs);
    if (pullTimer !== null) clearTimeout(pullTimer);
    pullTimer = setTimeout(
      () => {
        pullTimer = null;
        const at = Date.now();
        const pulled = [...pending.keys()];
        for (const [t, namedAt] of pending) if (namedAt + pullDelayMs <= at) pending.delete(t);
        firstPendingAt = pending.size > 0 ? at : null;
        lastPullAt = at;
        if (stopped) return;
        handlers.onPull(pulled);
        if (pending.size > 0) schedulePull([]);
      },
      Math.max(0, due - now),
    );
  }

  /** Joins a private topic; a (re)join and every few seconds while down pull `tables` again. */
  function follow(topic: string, tables: readonly string[], onMessage: (m: Message) => void): () => void {
    let downTimer: ReturnType<typeof setInterval> | null = null;
    let removed = false;
    const stopDownResync = () => {
      if (downTimer !== null) clearInterval(downTimer);
      downTimer = null;
    };
    const channel: RealtimeChannel = client
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, (m: Message) => {
        if (!removed && !stopped) onMessage(m);
      })
      .subscribe((status: string) => {
        if (removed || stopped) return;
        if (status === 'SUBSCRIBED') {
          stopDownResync();
          handlers.onPull(tables);
          return;
        }
        // CHANNEL_ERROR, TIMED_OUT, CLOSED: realtime-js rejoins on its own; until then only pulls bring changes.
        if (downTimer === null) {
          handlers.onPull(tables);
          downTimer = setInterval(() => handlers.onPull(tables), downResyncMs);
        }
      });
    return () => {
      removed = true;
      stopDownResync();
      void client.removeChannel(channel);
    };
  }

  const rowsOf = (m: Message): Row[] => (isRow(m.payload.row) ? [m.payload.row] : []);
  const cleanups: (() => void)[] = [];

  const communityTables = options.tables.filter((t) => !(MEMBER_TABLES as readonly string[]).includes(t));
  if (communityTables.length > 0) {
    cleanups.push(
      follow(COMMUNITY_TOPIC, communityTables, (m) => {
        if (m.event !== LIVE_EVENTS.changed) return;
        const headers = Array.isArray(m.payload.discussions) ? m.payload.discussions.filter(isRow) : [];
        if (headers.length > 0 && kept.has('discussions')) handlers.onRows('discussions', headers);
        const tables = Array.isArray(m.payload.tables) ? m.payload.tables.filter((t): t is string => typeof t === 'string') : [];
        schedulePull(tables);
      }),
    );
  }
  const memberTables = ours(MEMBER_TABLES);
  if (options.userId && memberTables.length > 0) {
    cleanups.push(
      follow(memberTopic(options.userId), memberTables, (m) => {
        if (memberTables.includes(m.event)) handlers.onRows(m.event, rowsOf(m));
      }),
    );
  }
  const backstop = setInterval(() => !stopped && handlers.onPull(options.tables), options.backstopMs ?? LIVE_BACKSTOP_MS);
  cleanups.push(reopenSocketWhenOnline(client, () => stopped));

  const threadTables = ours(THREAD_TABLES);
  let watched: { id: string; leave: () => void } | null = null;
  const unwatch = () => {
    watched?.leave();
    watched = null;
  };

  return {
    watchThread(discussionId) {
      if (stopped || threadTables.length === 0 || watched?.id === discussionId) return;
      unwatch();
      watched = {
        id: discussionId,
        leave: follow(threadTopic(discussionId), threadTables, (m) => {
          if (threadTables.includes(m.event)) handlers.onRows(m.event, rowsOf(m));
        }),
      };
    },
    unwatchThread(discussionId) {
      if (watched?.id === discussionId) unwatch();
    },
    stop() {
      stopped = true;
      unwatch();
      clearInterval(backstop);
      if (pullTimer !== null) clearTimeout(pullTimer);
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
