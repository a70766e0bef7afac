import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { BOOLEAN_FIELD, ID_FIELD, NULLABLE_ID, NULLABLE_STRING, SERVER_MODIFIED_FIELD, STRING_ARRAY, TIMESTAMP_FIELD } from './fields';

export interface BlogPostDoc {
  id: string;
  title: string;
  slug: string;
  content?: string | null;
  content_markdown?: string | null;
  excerpt?: string | null;
  author_id?: string | null;
  status: string;
  is_featured: boolean;
  /** '' while unpublished: indexed fields cannot be null */
  published_at: string;
  cover_image_url?: string | null;
  tags?: string[];
  created_at: string;
  updated_at?: string | null;
  server_modified?: string | null;
}

export const blogPostsSchema: RxJsonSchema<BlogPostDoc> = {
  title: 'blog_posts',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    title: { type: 'string' },
    slug: { type: 'string', maxLength: 200 },
    content: NULLABLE_STRING,
    content_markdown: NULLABLE_STRING,
    excerpt: NULLABLE_STRING,
    author_id: NULLABLE_ID,
    status: { type: 'string', maxLength: 20 },
    is_featured: BOOLEAN_FIELD,
    published_at: TIMESTAMP_FIELD,
    cover_image_url: NULLABLE_STRING,
    tags: STRING_ARRAY,
    created_at: TIMESTAMP_FIELD,
    updated_at: { type: ['string', 'null'] },
    server_modified: SERVER_MODIFIED_FIELD,
  },
  required: ['id', 'title', 'slug', 'status', 'is_featured', 'published_at', 'created_at'],
  indexes: ['slug', ['status', 'published_at'], ['status', 'created_at']],
};

export const blogPostsMigrationStrategies: MigrationStrategies = {};
