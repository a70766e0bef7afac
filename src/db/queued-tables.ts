import { QUEUED_TABLES, type QueuedTableName } from './collections';
import type { TableSyncSpec } from './replication/table-spec';
import { contactMessagesSpec } from './schemas/contact-messages';

/** The send rules of each send-only table, for every sender of outbox records (the page and the service worker). */
export const QUEUED_TABLE_SPECS: Record<QueuedTableName, TableSyncSpec> = { contact_messages: contactMessagesSpec };

export function isQueuedTable(name: string): name is QueuedTableName {
  return (QUEUED_TABLES as readonly string[]).includes(name);
}
