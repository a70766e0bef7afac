import type { RxCollection } from 'rxdb';
import type { AppDatabase } from '../database';

/** Where RxDB's push side starts reading the store's changes (its own checkpoint's shape). */
export interface PushCheckpoint {
  id: string;
  lwt: number;
}

/**
 * Where the first replication of a table kept per member starts sending on this device. Rows other identities
 * left in the store (what a visitor pulled, another member's kept writes) were never this member's, so it
 * starts at `startedAt`. A write of this member that still waits is older, though, when the page it was made
 * on went away before its replication ever started (a reply typed offline right after signing in): the
 * checkpoint then goes back to just before the oldest one, or that write would never be sent.
 */
export async function firstPushCheckpoint(
  db: AppDatabase,
  collection: RxCollection<unknown>,
  name: string,
  userId: string | null,
  startedAt: number,
): Promise<PushCheckpoint> {
  const waiting = await db.outbox.find({ selector: { collection_name: name, state: 'waiting' } }).exec();
  // A write made before its page's replication started is recorded without a member.
  const ids = waiting.filter((record) => record.user_id === userId || !record.user_id).map((record) => record.doc_id);
  const docs = ids.length > 0 ? await collection.storageInstance.findDocumentsById(ids, true) : [];
  const oldest = Math.min(startedAt, ...docs.map((doc) => doc._meta.lwt));
  return { id: '', lwt: oldest < startedAt ? oldest - 1 : startedAt };
}
