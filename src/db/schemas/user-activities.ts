import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { ID_FIELD, NULLABLE_ID, NULLABLE_STRING, SERVER_MODIFIED_FIELD, TIMESTAMP_FIELD } from './fields';

export interface UserActivityDoc {
  id: string;
  user_id: string;
  activity_type: string;
  related_entity_id?: string | null;
  related_entity_type?: string | null;
  related_entity_title?: string | null;
  actor_username?: string | null;
  actor_avatar_url?: string | null;
  created_at: string;
  server_modified?: string | null;
}

export const userActivitiesSchema: RxJsonSchema<UserActivityDoc> = {
  title: 'user_activities',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    user_id: ID_FIELD,
    activity_type: { type: 'string', maxLength: 60 },
    related_entity_id: NULLABLE_ID,
    related_entity_type: NULLABLE_STRING,
    related_entity_title: NULLABLE_STRING,
    actor_username: NULLABLE_STRING,
    actor_avatar_url: NULLABLE_STRING,
    created_at: TIMESTAMP_FIELD,
    server_modified: SERVER_MODIFIED_FIELD,
  },
  required: ['id', 'user_id', 'activity_type', 'created_at'],
  indexes: ['created_at', ['user_id', 'created_at']],
};

export const userActivitiesMigrationStrategies: MigrationStrategies = {};
