import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { BOOLEAN_FIELD, COUNTER_FIELD, ID_FIELD, NULLABLE_STRING, SERVER_MODIFIED_FIELD, TIMESTAMP_FIELD } from './fields';

export interface DiscussionDoc {
  id: string;
  user_id: string;
  title: string;
  category: string;
  is_pinned: boolean;
  is_locked: boolean;
  created_at: string;
  updated_at?: string | null;
  last_activity_at: string;
  post_count: number;
  author_username?: string | null;
  author_display_name?: string | null;
  author_avatar_url?: string | null;
  server_modified?: string | null;
}

export const discussionsSchema: RxJsonSchema<DiscussionDoc> = {
  title: 'discussions',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    user_id: ID_FIELD,
    title: { type: 'string' },
    category: { type: 'string', maxLength: 60 },
    is_pinned: BOOLEAN_FIELD,
    is_locked: BOOLEAN_FIELD,
    created_at: TIMESTAMP_FIELD,
    updated_at: { type: ['string', 'null'] },
    last_activity_at: TIMESTAMP_FIELD,
    post_count: COUNTER_FIELD,
    author_username: NULLABLE_STRING,
    author_display_name: NULLABLE_STRING,
    author_avatar_url: NULLABLE_STRING,
    server_modified: SERVER_MODIFIED_FIELD,
  },
  required: ['id', 'user_id', 'title', 'category', 'is_pinned', 'is_locked', 'created_at', 'last_activity_at', 'post_count'],
  // hub: pinned first, then by activity / newest / most replies; category filter
  indexes: [
    ['is_pinned', 'last_activity_at'],
    ['is_pinned', 'created_at'],
    ['is_pinned', 'post_count'],
    ['category', 'last_activity_at'],
    ['user_id', 'created_at'],
  ],
};

export const discussionsMigrationStrategies: MigrationStrategies = {};
