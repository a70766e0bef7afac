import type { RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import type { ReplicatedCollectionName } from '../collections';
import type { AppDatabase } from '../database';
import { outboxId } from '../outbox';

type PushHandler = (rows: RxReplicationWriteToMasterRow<unknown>[]) => Promise<WithDeleted<unknown>[]>;

/**
 * A visitor's push side sees only rows nobody on this device wrote, once
 * their outbox entry is missing: a pull stores a page of documents, then, in
 * another IndexedDB database and so another transaction, what the server holds
 * for them. A page closed between the two leaves documents with no recorded
 * server state, which the push side takes for local writes; held for a member
 * that never comes, they kept a visitor's first sync from ever ending. Every
 * write made on the device goes through the outbox, so a row without an entry
 * came from the server and there is nothing to send or hold.
 */
export function acknowledgePulledRows(db: AppDatabase, collection: ReplicatedCollectionName, handler: PushHandler): PushHandler {
  return async (rows) => {
    const idOf = (row: RxReplicationWriteToMasterRow<unknown>) => String((row.newDocumentState as Record<string, unknown>).id);
    const tracked = await db.outbox.findByIds(rows.map((row) => outboxId(collection, idOf(row)))).exec();
    const local = rows.filter((row) => row.assumedMasterState || tracked.has(outboxId(collection, idOf(row))));
    return local.length > 0 ? handler(local) : [];
  };
}
