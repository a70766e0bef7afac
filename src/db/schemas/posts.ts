import { defineTable, storedAs, type DocOf } from './declare-table';
import { BOOLEAN_FIELD, ID_FIELD, JSON_OBJECT, NULLABLE_ID, TIMESTAMP_FIELD } from './fields';

export const postsTable = defineTable({
  table: 'posts',
  version: 0,
  direction: 'both',
  perIdentity: true,
  membersOnly: false,
  deletable: true,
  columns: {
    id: { field: ID_FIELD, required: true, insert: true },
    discussion_id: { field: ID_FIELD, required: true, insert: true },
    user_id: { field: ID_FIELD, required: true, insert: true },
    parent_post_id: { field: NULLABLE_ID, insert: true },
    quoted_post_id: { field: NULLABLE_ID, insert: true },
    content: { field: { type: 'string' }, required: true, insert: true, update: true },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
    updated_at: { field: { type: ['string', 'null'] }, timestamp: true },
    is_solution: { field: BOOLEAN_FIELD, required: true, update: true, fallback: false },
    reactions_summary: { field: JSON_OBJECT, type: storedAs<Record<string, number> | null>() },
  },
  // thread view in order; a member's own posts (participated threads, profile)
  indexes: [
    ['discussion_id', 'created_at'],
    ['user_id', 'created_at'],
  ],
  // Only the threads this device keeps; the member's own posts wherever they are.
  filter: (scope) => {
    const ids = scope.discussionIds ?? [];
    const parts: string[] = [];
    // Sorted: the same threads named in another order (the server's ranking, then the store's) are the
    // same request, so a page asked for ahead is still the one wanted.
    if (ids.length > 0) parts.push(`discussion_id.in.(${[...ids].sort().join(',')})`);
    if (scope.userId) parts.push(`user_id.eq.${scope.userId}`);
    // A device that keeps no thread yet still needs a condition that matches nothing.
    return parts.length > 0 ? `or(${parts.join(',')})` : 'discussion_id.is.null';
  },
  accepts: (row, scope) => (scope.userId !== null && row.user_id === scope.userId) || (scope.discussionIds ?? []).includes(String(row.discussion_id)),
});

export type PostDoc = DocOf<typeof postsTable>;
export const postsSchema = postsTable.schema;
