import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { BOOLEAN_FIELD, ID_FIELD, NULLABLE_ID, NULLABLE_STRING, SERVER_MODIFIED_FIELD, TIMESTAMP_FIELD } from './fields';

export interface NotificationDoc {
  id: string;
  user_id: string;
  type: string;
  is_read: boolean;
  created_at: string;
  content_preview?: string | null;
  related_entity_id?: string | null;
  target_entity_id?: string | null;
  actor_id?: string | null;
  actor_username?: string | null;
  actor_avatar_url?: string | null;
  server_modified?: string | null;
}

export const notificationsSchema: RxJsonSchema<NotificationDoc> = {
  title: 'notifications',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    user_id: ID_FIELD,
    type: { type: 'string', maxLength: 40 },
    is_read: BOOLEAN_FIELD,
    created_at: TIMESTAMP_FIELD,
    content_preview: NULLABLE_STRING,
    related_entity_id: NULLABLE_ID,
    target_entity_id: NULLABLE_ID,
    actor_id: NULLABLE_ID,
    actor_username: NULLABLE_STRING,
    actor_avatar_url: NULLABLE_STRING,
    server_modified: SERVER_MODIFIED_FIELD,
  },
  required: ['id', 'user_id', 'type', 'is_read', 'created_at'],
  // the bell: newest first for the signed-in member, unread count
  indexes: [
    ['user_id', 'created_at'],
    ['user_id', 'is_read', 'created_at'],
  ],
};

export const notificationsMigrationStrategies: MigrationStrategies = {};
