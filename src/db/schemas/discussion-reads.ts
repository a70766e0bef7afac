import type { NotificationLevel } from '../../../supabase/functions/_shared/app-contract';
import { defineTable, storedAs, type DocOf } from './declare-table';
import { COUNTER_FIELD, ID_FIELD, NULLABLE_STRING, TIMESTAMP_FIELD } from './fields';

/**
 * The member's own read point and notification level per thread. Both columns are resolved by the
 * database when two devices change them (the furthest read point wins, a level chosen elsewhere stays),
 * so a push sends them without a conflict check.
 */
export const discussionReadsTable = defineTable({
  table: 'discussion_reads',
  version: 1,
  // Records stored before read counts existed lack one until the server sends it (the hub shows "Unread" meanwhile).
  migrationStrategies: { 1: (doc: Record<string, unknown>) => doc },
  direction: 'both',
  perIdentity: true,
  membersOnly: true,
  // Reading marks posts read as they scroll by: dozens of writes that are not changes the member made.
  bookkeeping: true,
  columns: {
    id: { field: ID_FIELD, required: true, insert: true },
    user_id: { field: ID_FIELD, required: true, insert: true },
    discussion_id: { field: ID_FIELD, required: true, insert: true },
    last_read_at: { field: NULLABLE_STRING, insert: true, update: true, timestamp: true, serverMerged: true },
    level: { field: NULLABLE_STRING, insert: true, update: true, serverMerged: true, type: storedAs<NotificationLevel | null>() },
    // How many of the thread's posts the read point covers. The device writes its own count so the hub is right at once
    // offline; the database recounts it from the read point it keeps, whatever a device sent.
    read_count: { field: COUNTER_FIELD, insert: true, update: true, serverMerged: true },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
    updated_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
  },
  // the hub reads every row of the member; a thread reads its own
  indexes: ['discussion_id'],
  filter: (scope) => `user_id.eq.${scope.userId}`,
  accepts: (row, scope) => row.user_id === scope.userId,
});

export type DiscussionReadDoc = DocOf<typeof discussionReadsTable>;
