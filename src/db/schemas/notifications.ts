import { defineTable, type DocOf } from './declare-table';
import { BOOLEAN_FIELD, ID_FIELD, NULLABLE_ID, NULLABLE_STRING, TIMESTAMP_FIELD } from './fields';

export const notificationsTable = defineTable({
  table: 'notifications',
  version: 0,
  direction: 'both',
  perIdentity: true,
  membersOnly: true,
  columns: {
    id: { field: ID_FIELD, required: true },
    user_id: { field: ID_FIELD, required: true },
    type: { field: { type: 'string', maxLength: 40 }, required: true },
    is_read: { field: BOOLEAN_FIELD, required: true, update: true, fallback: false },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
    content_preview: { field: NULLABLE_STRING },
    related_entity_id: { field: NULLABLE_ID },
    target_entity_id: { field: NULLABLE_ID },
    actor_id: { field: NULLABLE_ID },
    actor_username: { field: NULLABLE_STRING },
    actor_avatar_url: { field: NULLABLE_STRING },
  },
  // the bell: newest first for the signed-in member, unread count
  indexes: [
    ['user_id', 'created_at'],
    ['user_id', 'is_read', 'created_at'],
  ],
  // Only the signed-in member's own.
  filter: (scope) => `user_id.eq.${scope.userId}`,
  accepts: (row, scope) => row.user_id === scope.userId,
});

export type NotificationDoc = DocOf<typeof notificationsTable>;
export const notificationsSchema = notificationsTable.schema;
