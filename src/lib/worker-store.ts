/**
 * The one IndexedDB database the page and the service worker both read: the member's session (so the worker can
 * call the API with the page closed), what was shared into the app from the phone's share sheet (kept until the
 * member posts it), and what the worker's background sync did with queued writes (told to the member on open).
 * Separate from the app's RxDB store, which the worker only reaches through RxDB's storage layer (sw/outbox-queue.ts).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const WORKER_STORE_NAME = 'djcircle-worker';
const VERSION = 2;

/** A link, text or file shared into the app, waiting for the member to post it. */
export type SharedItem = {
  id: string;
  title: string;
  text: string;
  url: string;
  file: Blob | null;
  fileName: string | null;
  /** when it arrived, ms since the epoch */
  at: number;
};

/** How the worker's background sync ended one queued write: what the member is told the next time the app opens. */
export type BackgroundOutcome = {
  /** the outbox record's id */
  id: string;
  collection: string;
  docId: string;
  outcome: 'sent' | 'rejected' | 'conflict';
  reason: string | null;
  /** the outbox record's updated_at the worker wrote with this outcome */
  at: string;
  /** shown to the member once; kept a while after so the page can tell the worker's sends apart */
  told: boolean;
};

interface WorkerSchema extends DBSchema {
  auth: { key: string; value: string };
  shared: { key: string; value: SharedItem };
  background: { key: string; value: BackgroundOutcome };
}

let opening: Promise<IDBPDatabase<WorkerSchema>> | null = null;

function store(): Promise<IDBPDatabase<WorkerSchema>> {
  opening ??= openDB<WorkerSchema>(WORKER_STORE_NAME, VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('auth');
        db.createObjectStore('shared', { keyPath: 'id' });
      }
      if (oldVersion < 2) db.createObjectStore('background', { keyPath: 'id' });
    },
    // Another context wants a newer version: let it, and open again next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

export async function readAuthItem(key: string): Promise<string | null> {
  return (await (await store()).get('auth', key)) ?? null;
}

export async function writeAuthItem(key: string, value: string): Promise<void> {
  await (await store()).put('auth', value, key);
}

export async function removeAuthItem(key: string): Promise<void> {
  await (await store()).delete('auth', key);
}

export async function keepSharedItem(item: SharedItem): Promise<void> {
  await (await store()).put('shared', item);
}

export async function readSharedItem(id: string): Promise<SharedItem | null> {
  return (await (await store()).get('shared', id)) ?? null;
}

export async function dropSharedItem(id: string): Promise<void> {
  await (await store()).delete('shared', id);
}

export async function logBackgroundOutcome(entry: BackgroundOutcome): Promise<void> {
  await (await store()).put('background', entry);
}

export async function readBackgroundOutcome(id: string): Promise<BackgroundOutcome | null> {
  return (await (await store()).get('background', id)) ?? null;
}

/** How long an outcome stays after it was told: long enough for every sender to have settled it. */
const TOLD_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The outcomes not told yet, marked told in the same transaction, so of several tabs opening at once only one
 * tells the member. Old told ones are dropped on the way.
 */
export async function takeUntoldOutcomes(now = Date.now()): Promise<BackgroundOutcome[]> {
  const tx = (await store()).transaction('background', 'readwrite');
  const untold: BackgroundOutcome[] = [];
  for (const entry of await tx.store.getAll()) {
    if (!entry.told) {
      untold.push(entry);
      await tx.store.put({ ...entry, told: true });
    } else if (now - Date.parse(entry.at) > TOLD_KEPT_MS) await tx.store.delete(entry.id);
  }
  await tx.done;
  return untold;
}

/** For tests and sign-out: forget the open connection so a deleted database is recreated. */
export function closeWorkerStore(): void {
  void opening?.then((db) => db.close());
  opening = null;
}
