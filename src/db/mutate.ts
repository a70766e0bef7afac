import type { ReplicatedCollectionName } from './collections';
import type { AppDatabase } from './database';
import { applyMutation, asColumns, type Mutation } from './outbox';
import { holdPendingInsert, holdPendingPatch, holdPendingRemove, releasePendingInsert } from './pending-inserts';

export type { Mutation } from './outbox';

/**
 * The one way a feature writes a replicated row. In the caller's own task,
 * before anything waits, the write is held on the device (a page that leaves
 * before IndexedDB commits loses nothing: the store replays it when it next
 * opens). Then the row's outbox record is written as waiting, with what must
 * be sent, and only then the document, so no change is ever in the store
 * without its record; a write that fails puts the record back. Replication
 * sends it and records the outcome (sent, conflict, rejected) on the same
 * record. Resolves once the store has the write.
 */
export async function mutate<K extends ReplicatedCollectionName>(db: AppDatabase, mutation: Mutation<K>): Promise<void> {
  const { collection } = mutation;
  const id = mutation.op === 'insert' ? mutation.doc.id : mutation.id;
  // Taken before the first await, so in the click's own task.
  const release =
    mutation.op === 'insert'
      ? (holdPendingInsert(collection, asColumns(mutation.doc), { revive: mutation.revive }), () => releasePendingInsert(id))
      : mutation.op === 'update'
        ? holdPendingPatch(collection, id, mutation.patch as Record<string, unknown>)
        : holdPendingRemove(collection, id);
  try {
    await applyMutation(db, mutation);
  } finally {
    release();
  }
}
