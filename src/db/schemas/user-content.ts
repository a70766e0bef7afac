import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { BOOLEAN_FIELD, ID_FIELD, NULLABLE_STRING, SERVER_MODIFIED_FIELD, STRING_ARRAY, TIMESTAMP_FIELD } from './fields';

export interface UserContentDoc {
  id: string;
  user_id: string;
  title: string;
  description?: string | null;
  type: string;
  genre?: string | null;
  tags?: string[];
  content_url?: string | null;
  cover_image_url?: string | null;
  is_public: boolean;
  created_at: string;
  updated_at?: string | null;
  server_modified?: string | null;
}

export const userContentSchema: RxJsonSchema<UserContentDoc> = {
  title: 'user_content',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    user_id: ID_FIELD,
    title: { type: 'string' },
    description: NULLABLE_STRING,
    type: { type: 'string', maxLength: 20 },
    genre: NULLABLE_STRING,
    tags: STRING_ARRAY,
    content_url: NULLABLE_STRING,
    cover_image_url: NULLABLE_STRING,
    is_public: BOOLEAN_FIELD,
    created_at: TIMESTAMP_FIELD,
    updated_at: { type: ['string', 'null'] },
    server_modified: SERVER_MODIFIED_FIELD,
  },
  required: ['id', 'user_id', 'title', 'type', 'is_public', 'created_at'],
  indexes: [
    ['user_id', 'created_at'],
    ['type', 'created_at'],
  ],
};

export const userContentMigrationStrategies: MigrationStrategies = {};
