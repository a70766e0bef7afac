import { defineTable, type DocOf } from './declare-table';
import { BOOLEAN_FIELD, COUNTER_FIELD, ID_FIELD, NULLABLE_STRING, TIMESTAMP_FIELD } from './fields';

export const discussionsTable = defineTable({
  table: 'discussions',
  version: 0,
  direction: 'both',
  perIdentity: false,
  membersOnly: false,
  deletable: true,
  serverOnly: ['search_vector'],
  columns: {
    id: { field: ID_FIELD, required: true, insert: true },
    user_id: { field: ID_FIELD, required: true, insert: true },
    title: { field: { type: 'string' }, required: true, insert: true, update: true },
    category: { field: { type: 'string', maxLength: 60 }, required: true, insert: true, update: true },
    is_pinned: { field: BOOLEAN_FIELD, required: true, update: true, fallback: false },
    is_locked: { field: BOOLEAN_FIELD, required: true, update: true, fallback: false },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
    updated_at: { field: { type: ['string', 'null'] }, timestamp: true },
    last_activity_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
    post_count: { field: COUNTER_FIELD, required: true, fallback: 0 },
    author_username: { field: NULLABLE_STRING },
    author_display_name: { field: NULLABLE_STRING },
    author_avatar_url: { field: NULLABLE_STRING },
  },
  // hub: pinned first, then by activity / newest / most replies; category filter
  indexes: [
    ['is_pinned', 'last_activity_at'],
    ['is_pinned', 'created_at'],
    ['is_pinned', 'post_count'],
    ['category', 'last_activity_at'],
    ['user_id', 'created_at'],
  ],
  // A thread nobody answered yet was last active when it started.
  normalize: (doc) => {
    if (!doc.last_activity_at) doc.last_activity_at = doc.created_at;
  },
});

export type DiscussionDoc = DocOf<typeof discussionsTable>;
export const discussionsSchema = discussionsTable.schema;
