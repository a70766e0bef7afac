import { defineTable, type DocOf } from './declare-table';
import { BOOLEAN_FIELD, ID_FIELD, NULLABLE_STRING, STRING_ARRAY, TIMESTAMP_FIELD } from './fields';

export const userContentTable = defineTable({
  table: 'user_content',
  version: 0,
  direction: 'both',
  perIdentity: true,
  membersOnly: false,
  deletable: true,
  columns: {
    id: { field: ID_FIELD, required: true, insert: true },
    user_id: { field: ID_FIELD, required: true, insert: true },
    title: { field: { type: 'string' }, required: true, insert: true, update: true },
    description: { field: NULLABLE_STRING, insert: true, update: true },
    type: { field: { type: 'string', maxLength: 20 }, required: true, insert: true, update: true },
    genre: { field: NULLABLE_STRING, insert: true, update: true },
    tags: { field: STRING_ARRAY, insert: true, update: true },
    content_url: { field: NULLABLE_STRING, insert: true, update: true },
    cover_image_url: { field: NULLABLE_STRING, insert: true, update: true },
    is_public: { field: BOOLEAN_FIELD, required: true, insert: true, update: true, fallback: true },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
    updated_at: { field: { type: ['string', 'null'] }, timestamp: true },
  },
  indexes: [
    ['user_id', 'created_at'],
    ['type', 'created_at'],
  ],
});

export type UserContentDoc = DocOf<typeof userContentTable>;
export const userContentSchema = userContentTable.schema;
