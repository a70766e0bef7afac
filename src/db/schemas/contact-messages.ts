import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { ID_FIELD, NULLABLE_ID, SERVER_MODIFIED_FIELD, TIMESTAMP_FIELD } from './fields';

/** Push only: visitors and members queue messages; nobody reads them back. */
export interface ContactMessageDoc {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id?: string | null;
  created_at: string;
  server_modified?: string | null;
}

export const contactMessagesSchema: RxJsonSchema<ContactMessageDoc> = {
  title: 'contact_messages',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    name: { type: 'string' },
    email: { type: 'string' },
    subject: { type: 'string' },
    message: { type: 'string' },
    user_id: NULLABLE_ID,
    created_at: TIMESTAMP_FIELD,
    server_modified: SERVER_MODIFIED_FIELD,
  },
  required: ['id', 'name', 'email', 'subject', 'message', 'created_at'],
};

export const contactMessagesMigrationStrategies: MigrationStrategies = {};
