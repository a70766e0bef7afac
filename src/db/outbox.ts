import type { RxCollection, RxDatabase } from 'rxdb';
import { REPLICATED_COLLECTIONS, type AppCollections, type ReplicatedCollectionName } from './collections';
import { getLocalIdentity } from './identity';
import type { OutboxState } from './schemas/outbox';

export function outboxId(collection: string, docId: string): string {
  return `${collection}:${docId}`;
}

/** Records the state of one local write as the UI shows it. */
export async function setOutboxState(
  db: RxDatabase<AppCollections>,
  collection: ReplicatedCollectionName,
  docId: string,
  state: OutboxState,
  reason: string | null = null,
): Promise<void> {
  if (db.closed) return;
  await db.outbox.incrementalUpsert({
    id: outboxId(collection, docId),
    collection_name: collection,
    doc_id: docId,
    state,
    reason,
    user_id: getLocalIdentity(db),
    updated_at: new Date().toISOString(),
  });
}

/**
 * Marks every write made through the RxDB API as waiting. Replication writes
 * go straight to the storage instance and never run these hooks, so only the
 * member's own writes land in the outbox.
 */
export function trackLocalWrites(db: RxDatabase<AppCollections>): void {
  for (const name of REPLICATED_COLLECTIONS) {
    const collection = db[name] as RxCollection | undefined;
    if (!collection) continue;
    const mark = async (data: { id: string }) => setOutboxState(db, name, data.id, 'waiting');
    collection.postInsert(mark, false);
    collection.postSave(mark, false);
    collection.postRemove(mark, false);
  }
}

/** Entries older than this that were sent are dropped at start; "sent" only needs to show for a while. */
export const SENT_ENTRY_TTL_MS = 24 * 60 * 60 * 1000;

export async function pruneSentOutboxEntries(db: RxDatabase<AppCollections>, now = Date.now()): Promise<void> {
  const cutoff = new Date(now - SENT_ENTRY_TTL_MS).toISOString();
  await db.outbox.find({ selector: { state: 'sent', updated_at: { $lt: cutoff } } }).remove();
}
