/**
 * The one IndexedDB database the page and the service worker both read: the member's session (so the worker can
 * call the API with the page closed) and what was shared into the app from the phone's share sheet (kept until the
 * member posts it). Separate from the app's RxDB store, which the worker must never open.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const WORKER_STORE_NAME = 'djcircle-worker';
const VERSION = 1;

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

interface WorkerSchema extends DBSchema {
  auth: { key: string; value: string };
  shared: { key: string; value: SharedItem };
}

let opening: Promise<IDBPDatabase<WorkerSchema>> | null = null;

function store(): Promise<IDBPDatabase<WorkerSchema>> {
  opening ??= openDB<WorkerSchema>(WORKER_STORE_NAME, VERSION, {
    upgrade(db) {
      db.createObjectStore('auth');
      db.createObjectStore('shared', { keyPath: 'id' });
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

/** For tests and sign-out: forget the open connection so a deleted database is recreated. */
export function closeWorkerStore(): void {
  void opening?.then((db) => db.close());
  opening = null;
}
