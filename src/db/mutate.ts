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
export function mutate<K extends ReplicatedCollectionName>(db: AppDatabase, mutation: Mutation<K>): Promise<void> {
  return mutateAll(db, [mutation]);
}

function hold(mutation: Mutation): () => void {
  const { collection } = mutation;
  if (mutation.op === 'insert') {
    holdPendingInsert(collection, asColumns(mutation.doc), { revive: mutation.revive });
    return () => releasePendingInsert(mutation.doc.id);
  }
  if (mutation.op === 'update') return holdPendingPatch(collection, mutation.id, mutation.patch as Record<string, unknown>);
  return holdPendingRemove(collection, mutation.id);
}

/**
 * Several writes made together (a discussion and its first post): every one
 * is held before anything waits, then they are written in order, each with
 * its record; one that fails stops the ones after it.
 */
export async function mutateAll(db: AppDatabase, mutations: readonly Mutation[]): Promise<void> {
  // Taken before the first await, so in the click's own task.
  const releases = mutations.map(hold);
  try {
    for (const mutation of mutations) await applyMutation(db, mutation);
  } finally {
    releases.forEach((release) => release());
  }
}
