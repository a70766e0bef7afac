import { defineTable, type DocOf } from './declare-table';
import { ID_FIELD, NULLABLE_ID, TIMESTAMP_FIELD } from './fields';

/** Push only: visitors and members queue messages; nobody reads them back. */
export const contactMessagesTable = defineTable({
  table: 'contact_messages',
  version: 0,
  direction: 'push',
  perIdentity: false,
  membersOnly: false,
  writeOnly: true,
  columns: {
    id: { field: ID_FIELD, required: true, insert: true },
    name: { field: { type: 'string' }, required: true, insert: true },
    email: { field: { type: 'string' }, required: true, insert: true },
    subject: { field: { type: 'string' }, required: true, insert: true },
    message: { field: { type: 'string' }, required: true, insert: true },
    user_id: { field: NULLABLE_ID, insert: true },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
  },
});

export type ContactMessageDoc = DocOf<typeof contactMessagesTable>;
export const contactMessagesSchema = contactMessagesTable.schema;
