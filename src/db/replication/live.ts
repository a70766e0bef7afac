import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { Row } from './row-mapping';
import type { PullScope, TableSyncSpec } from './tables';

let channelCounter = 0;

/**
 * Follows one table's `postgres_changes`. Rows go to `onRow`; every
 * (re)subscription calls `onResync`, because changes made while the channel
 * was down never arrive on it and must be pulled instead.
 */
export function followTableChanges(
  client: SupabaseClient,
  spec: TableSyncSpec,
  scope: () => PullScope,
  onRow: (row: Row) => void,
  onResync: () => void,
): () => void {
  channelCounter += 1;
  const current = scope();
  const filter = spec.collection === 'notifications' && current.userId ? `user_id=eq.${current.userId}` : undefined;
  // A topic of its own: supabase-js reuses channels by topic, and a joined channel refuses new listeners.
  const channel: RealtimeChannel = client
    .channel(`db-${spec.table}-${channelCounter}-${Math.random().toString(36).slice(2, 8)}`)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: spec.table, ...(filter ? { filter } : {}) },
      (payload: { eventType: string; new: Row }) => {
        // Deletes are soft (`_deleted` on an UPDATE); a hard DELETE only purges old tombstones.
        if (payload.eventType === 'DELETE') return;
        if (spec.accepts && !spec.accepts(payload.new, scope())) return;
        onRow(payload.new);
      },
    )
    .subscribe((status: string) => {
      if (status === 'SUBSCRIBED') onResync();
    });
  return () => {
    void client.removeChannel(channel);
  };
}
