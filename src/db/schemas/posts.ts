import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { BOOLEAN_FIELD, ID_FIELD, JSON_OBJECT, NULLABLE_ID, SERVER_MODIFIED_FIELD, TIMESTAMP_FIELD } from './fields';

export interface PostDoc {
  id: string;
  discussion_id: string;
  user_id: string;
  parent_post_id?: string | null;
  quoted_post_id?: string | null;
  content: string;
  created_at: string;
  updated_at?: string | null;
  is_solution: boolean;
  reactions_summary?: Record<string, number> | null;
  server_modified?: string | null;
}

export const postsSchema: RxJsonSchema<PostDoc> = {
  title: 'posts',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    discussion_id: ID_FIELD,
    user_id: ID_FIELD,
    parent_post_id: NULLABLE_ID,
    quoted_post_id: NULLABLE_ID,
    content: { type: 'string' },
    created_at: TIMESTAMP_FIELD,
    updated_at: { type: ['string', 'null'] },
    is_solution: BOOLEAN_FIELD,
    reactions_summary: JSON_OBJECT,
    server_modified: SERVER_MODIFIED_FIELD,
  },
  required: ['id', 'discussion_id', 'user_id', 'content', 'created_at', 'is_solution'],
  // thread view in order; a member's own posts (participated threads, profile)
  indexes: [
    ['discussion_id', 'created_at'],
    ['user_id', 'created_at'],
  ],
};

export const postsMigrationStrategies: MigrationStrategies = {};
