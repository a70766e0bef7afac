import {
  categorizeBulkWriteRows,
  flatCloneDocWithMeta,
  type BulkWriteRow,
  type RxDocumentData,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
} from 'rxdb';
import { fromDexieToStorage, fromStorageToDexie, getRxStorageDexie, type RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';
import type { DexieSettings } from 'rxdb';

/**
 * The app's storage: RxDB's Dexie storage, same IndexedDB databases and the
 * same record format (so devices keep their data and every query path stays
 * Dexie's), with the two calls a sync makes thousands of times done straight
 * on IndexedDB:
 *
 * - findDocumentsById and the read half of bulkWrite, while the store is
 *   small next to the ids asked (a first sync's early pages), first ask which
 *   of the ids exist (one getAllKeys over their key range) and read only
 *   those: a first sync looks up a thousand ids per page that are not there
 *   yet, each an IndexedDB request of its own.
 * - bulkWrite runs in one readwrite transaction of its own, without Dexie's
 *   promise zones and change-tracking middleware (nothing in the app uses
 *   Dexie's liveQuery; RxDB's own change stream is emitted as before).
 *
 * A write is still one IndexedDB transaction: a page closed or killed during
 * it leaves the store as it was before it, never half a page. Writes with
 * attachments (the app has none) take Dexie's path unchanged.
 */

/** Below this many ids, plain gets are cheaper than listing the keys of their range. */
const KEY_SCAN_MIN_IDS = 32;
/** Keys are listed only while the store holds at most this many times the ids asked for (a first sync's early pages). */
const KEY_SCAN_MAX_RATIO = 4;

type DexieInternals = Awaited<RxStorageInstanceDexie<unknown>['internals']>;
type AnyDoc = RxDocumentData<Record<string, unknown>>;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The stored records of `ids` that exist, in Dexie's format, read within `tx`. */
async function readExisting(store: IDBObjectStore, ids: string[], keyRange: typeof IDBKeyRange): Promise<unknown[]> {
  let wanted = ids;
  // Listing keys costs in proportion to what the store holds: worth it only while that is not much more than the ids asked.
  if (ids.length >= KEY_SCAN_MIN_IDS && (await request(store.count())) <= ids.length * KEY_SCAN_MAX_RATIO) {
    let min = ids[0];
    let max = ids[0];
    for (const id of ids) {
      if (id < min) min = id;
      if (id > max) max = id;
    }
    const present = new Set((await request(store.getAllKeys(keyRange.bound(min, max)))) as string[]);
    wanted = ids.filter((id) => present.has(id));
  }
  if (wanted.length === 0) return [];
  return new Promise((resolve, reject) => {
    const found: unknown[] = [];
    let left = wanted.length;
    for (const id of wanted) {
      const req = store.get(id);
      req.onsuccess = () => {
        if (req.result !== undefined) found.push(req.result);
        if (--left === 0) resolve(found);
      };
      req.onerror = () => reject(req.error);
    }
  });
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

const DOCS_STORE = 'docs';

function hasAttachments(rows: BulkWriteRow<AnyDoc>[]): boolean {
  return rows.some((row) => Object.keys(row.document._attachments ?? {}).length > 0 || Object.keys(row.previous?._attachments ?? {}).length > 0);
}

function speedUp(instance: RxStorageInstanceDexie<AnyDoc>, keyRange: typeof IDBKeyRange): void {
  const primaryPath = instance.primaryPath as string;
  const dexieBulkWrite = instance.bulkWrite.bind(instance);
  const internals = instance.internals as unknown as Promise<DexieInternals>;
  // The instance's own subject: RxDB's multi-tab support listens to it and relays what it emits.
  const changes = (instance as unknown as { changes$: { next(bulk: unknown): void } }).changes$;

  instance.findDocumentsById = async (ids: string[], withDeleted: boolean) => {
    if (instance.closed) throw new Error(`storage instance ${instance.collectionName} is closed`);
    const state = await internals;
    const tx = state.dexieDb.backendDB().transaction(DOCS_STORE, 'readonly');
    const stored = await readExisting(tx.objectStore(DOCS_STORE), ids, keyRange);
    const docs = stored.map((doc) => fromDexieToStorage<AnyDoc>(state.booleanIndexes, doc as AnyDoc));
    return withDeleted ? docs : docs.filter((doc) => !doc._deleted);
  };

  instance.bulkWrite = async (writes: BulkWriteRow<AnyDoc>[], context: string): Promise<RxStorageBulkWriteResponse<AnyDoc>> => {
    if (hasAttachments(writes)) return dexieBulkWrite(writes, context);
    if (instance.closed) throw new Error(`storage instance ${instance.collectionName} is closed`);
    // The same guard as Dexie's path: RxDB never writes without a revision.
    if (writes.some((row) => !row.document._rev || (row.previous && !row.previous._rev))) throw new Error('bulkWrite: a row without a revision');
    // Dev-mode checks that nothing relies on the caller's objects staying untouched; Dexie's path does the same.
    const rows = instance.devMode ? writes.map((row) => ({ previous: row.previous, document: flatCloneDocWithMeta(row.document) })) : writes;
    const state = await internals;
    const tx = state.dexieDb.backendDB().transaction(DOCS_STORE, 'readwrite');
    const done = transactionDone(tx);
    const store = tx.objectStore(DOCS_STORE);
    let categorized: ReturnType<typeof categorizeBulkWriteRows<AnyDoc>>;
    try {
      const stored = await readExisting(
        store,
        rows.map((row) => row.document[primaryPath] as string),
        keyRange,
      );
      const inDb = new Map<string, AnyDoc>();
      for (const doc of stored) {
        const storageDoc = fromDexieToStorage<AnyDoc>(state.booleanIndexes, doc as AnyDoc);
        inDb.set(storageDoc[primaryPath] as string, storageDoc);
      }
      categorized = categorizeBulkWriteRows<AnyDoc>(
        instance as unknown as RxStorageInstance<AnyDoc, unknown, unknown>,
        primaryPath as never,
        inDb,
        rows,
        context,
      );
      for (const row of categorized.bulkInsertDocs) store.put(fromStorageToDexie(state.booleanIndexes, row.document));
      for (const row of categorized.bulkUpdateDocs) store.put(fromStorageToDexie(state.booleanIndexes, row.document));
    } catch (error) {
      tx.abort();
      await done.catch(() => undefined);
      throw error;
    }
    await done;
    if (categorized.eventBulk.events.length > 0 && categorized.newestRow) {
      const last = categorized.newestRow.document;
      categorized.eventBulk.checkpoint = { id: last[primaryPath], lwt: last._meta.lwt };
      changes.next(categorized.eventBulk);
    }
    return { error: categorized.errors };
  };
}

/**
 * RxDB's Dexie storage with the faster read and write paths above. `settings`
 * are Dexie's: tests pass fake-indexeddb's indexedDB and IDBKeyRange.
 */
export function getAppStorage(settings: DexieSettings = {}): RxStorage<unknown, DexieSettings> {
  const dexie = getRxStorageDexie(settings);
  const keyRange = (settings.IDBKeyRange as typeof IDBKeyRange | undefined) ?? globalThis.IDBKeyRange;
  return {
    name: dexie.name,
    rxdbVersion: dexie.rxdbVersion,
    async createStorageInstance<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, DexieSettings>) {
      const instance = await dexie.createStorageInstance(params);
      speedUp(instance as unknown as RxStorageInstanceDexie<AnyDoc>, keyRange);
      return instance as unknown as RxStorageInstance<RxDocType, unknown, DexieSettings>;
    },
  } as RxStorage<unknown, DexieSettings>;
}
