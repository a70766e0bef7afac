import type { TableSyncSpec } from '../replication/table-spec';
import type { TableRow } from './declare-table';

/** What a contact message carries from the device: the server sets the time. */
export type ContactMessageRow = Pick<TableRow<'contact_messages'>, 'id' | 'name' | 'email' | 'subject' | 'message' | 'user_id'>;

const INSERT_COLUMNS = ['id', 'name', 'email', 'subject', 'message', 'user_id'] as const satisfies readonly (keyof ContactMessageRow)[];

/**
 * Send only: visitors and members queue messages and nobody reads them back, so the device keeps no
 * collection for them; the write lives in its outbox record until the server has it.
 */
export const contactMessagesSpec: TableSyncSpec = {
  collection: 'contact_messages',
  table: 'contact_messages',
  direction: 'push',
  perIdentity: false,
  membersOnly: false,
  readable: false,
  insertColumns: INSERT_COLUMNS,
  updateColumns: [],
  timestampFields: [],
};
