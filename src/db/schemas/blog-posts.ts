import { defineTable, type DocOf } from './declare-table';
import { BOOLEAN_FIELD, ID_FIELD, NULLABLE_ID, NULLABLE_STRING, STRING_ARRAY, TIMESTAMP_FIELD } from './fields';

export const blogPostsTable = defineTable({
  table: 'blog_posts',
  version: 0,
  direction: 'both',
  perIdentity: true,
  membersOnly: false,
  deletable: true,
  serverOnly: ['search_vector'],
  columns: {
    id: { field: ID_FIELD, required: true, insert: true },
    title: { field: { type: 'string' }, required: true, insert: true, update: true },
    slug: { field: { type: 'string', maxLength: 200 }, required: true, insert: true, update: true },
    content: { field: NULLABLE_STRING, insert: true, update: true },
    content_markdown: { field: NULLABLE_STRING, insert: true, update: true },
    excerpt: { field: NULLABLE_STRING, insert: true, update: true },
    author_id: { field: NULLABLE_ID, insert: true },
    status: { field: { type: 'string', maxLength: 20 }, required: true, insert: true, update: true, fallback: 'draft' },
    is_featured: { field: BOOLEAN_FIELD, required: true, insert: true, update: true, fallback: false },
    // '' while unpublished: an indexed field cannot be null (sent as null again on push)
    published_at: { field: TIMESTAMP_FIELD, required: true, insert: true, update: true, timestamp: true, fallback: '' },
    cover_image_url: { field: NULLABLE_STRING, insert: true, update: true },
    tags: { field: STRING_ARRAY, insert: true, update: true },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
    updated_at: { field: { type: ['string', 'null'] }, timestamp: true },
  },
  indexes: ['slug', ['status', 'published_at'], ['status', 'created_at']],
});

export type BlogPostDoc = DocOf<typeof blogPostsTable>;
export const blogPostsSchema = blogPostsTable.schema;
