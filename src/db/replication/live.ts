import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { Row } from './row-mapping';
import type { PullScope, TableSyncSpec } from './tables';

let channelCounter = 0;

/**
 * While a table's channel is not joined (socket dropped, join refused or timed out), its
 * replication re-checks from its checkpoint this often: changes made meanwhile never arrive on
 * the channel, and the socket may take a while to come back (realtime-js backs off to 10 s).
 */
export const LIVE_DOWN_RESYNC_MS = 2_000;

export interface FollowOptions {
  /** re-check interval while the channel is down (tests shorten it) */
  downResyncMs?: number;
}

/**
 * Follows one table's `postgres_changes`. Rows go to `onRow`; `onResync` is
 * called whenever changes may have been missed: on every (re)subscription,
 * because changes made while the channel was down never arrive on it, and
 * every few seconds for as long as the channel is down.
 */
export function followTableChanges(
  client: SupabaseClient,
  spec: TableSyncSpec,
  scope: () => PullScope,
  onRow: (row: Row) => void,
  onResync: () => void,
  options: FollowOptions = {},
): () => void {
  channelCounter += 1;
  const current = scope();
  const filter = spec.collection === 'notifications' && current.userId ? `user_id=eq.${current.userId}` : undefined;
  let removed = false;
  let downTimer: ReturnType<typeof setInterval> | null = null;
  const stopDownResync = () => {
    if (downTimer !== null) clearInterval(downTimer);
    downTimer = null;
  };
  // A topic of its own: supabase-js reuses channels by topic, and a joined channel refuses new listeners.
  const channel: RealtimeChannel = client
    .channel(`db-${spec.table}-${channelCounter}-${Math.random().toString(36).slice(2, 8)}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: spec.table, ...(filter ? { filter } : {}) }, (payload: { eventType: string; new: Row }) => {
      // Deletes are soft (`_deleted` on an UPDATE); a hard DELETE only purges old tombstones.
      if (payload.eventType === 'DELETE') return;
      if (spec.accepts && !spec.accepts(payload.new, scope())) return;
      onRow(payload.new);
    })
    .subscribe((status: string) => {
      if (removed) return;
      if (status === 'SUBSCRIBED') {
        stopDownResync();
        onResync();
        return;
      }
      // CHANNEL_ERROR, TIMED_OUT, CLOSED: realtime-js rejoins on its own, but until it has, the
      // checkpointed pull is the only way changes arrive.
      if (downTimer === null) {
        onResync();
        downTimer = setInterval(onResync, options.downResyncMs ?? LIVE_DOWN_RESYNC_MS);
      }
    });
  return () => {
    removed = true;
    stopDownResync();
    void client.removeChannel(channel);
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
