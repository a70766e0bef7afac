/**
 * One sender of the outbox at a time, across every page and the service worker: the page's push and the worker's
 * background sync both take this lock before they send, so a write queued offline leaves once, whichever of them
 * runs when the connection is back. Where the Web Locks API is missing (Node, very old browsers) there is no
 * worker that could send either, and the lock only orders this context's own senders.
 */
import { readBackgroundOutcome } from '../lib/worker-store';
import { outboxId, type OutboxDoc } from './schemas/outbox';

/** The part of the app's database `sentByWorker` reads (typed narrowly: the worker's build has no page types). */
type OutboxStorage = { outbox: { storageInstance: { findDocumentsById(ids: string[], withDeleted: boolean): Promise<OutboxDoc[]> } } };

/** The lock's name, the same in the page and the worker. */
export const OUTBOX_SEND_LOCK = 'djcircle-outbox-send';

let localTail: Promise<unknown> = Promise.resolve();

function runInTurn<T>(run: () => Promise<T>): Promise<T> {
  const result = localTail.then(run, run);
  localTail = result.catch(() => undefined);
  return result;
}

export function withSendLock<T>(run: () => Promise<T>): Promise<T> {
  // The page's Navigator and the worker's WorkerNavigator both carry it; Node has neither.
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return runInTurn(run);
  return locks.request(OUTBOX_SEND_LOCK, run);
}

/**
 * Whether the service worker already sent this row's latest write (its background sync ran while this page could
 * not): the outbox record says sent, with the very version the worker logged. Read from storage, not through
 * RxDB's caches, which never saw the worker's write.
 */
export async function sentByWorker(db: OutboxStorage, collection: string, docId: string): Promise<boolean> {
  const [record] = await db.outbox.storageInstance.findDocumentsById([outboxId(collection, docId)], false);
  if (record?.state !== 'sent') return false;
  const logged = await readBackgroundOutcome(record.id).catch(() => null);
  return logged?.outcome === 'sent' && logged.at === record.updated_at;
}
