import {
  categorizeBulkWriteRows,
  flatCloneDocWithMeta,
  getPrimaryFieldOfPrimaryKey,
  now,
  type BulkWriteRow,
  type RxJsonSchema,
  type RxDocumentData,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
} from 'rxdb';
import { getRxStorageDexie, type RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';
import type { DexieSettings } from 'rxdb';
import { fromDexieRecord, toDexieRecord } from './dexie-record';

/**
 * The app's storage: RxDB's Dexie storage, same IndexedDB databases and the
 * same record format (so devices keep their data and every query path stays
 * Dexie's), with the two calls a sync makes thousands of times done straight
 * on IndexedDB:
 *
 * - findDocumentsById and the read half of bulkWrite read only ids the store
 *   holds, once a call asks for enough ids to list its keys (see KnownKeys):
 *   a sync looks up thousands of ids per minute that are not there yet, each
 *   an IndexedDB request of its own.
 * - bulkWrite runs in one readwrite transaction of its own, without Dexie's
 *   promise zones and change-tracking middleware (nothing in the app uses
 *   Dexie's liveQuery; RxDB's own change stream is emitted as before).
 * - getChangedDocumentsSince, which every replication runs over everything
 *   it pulled, is one ranged read of RxDB's `(_meta.lwt, id)` index.
 * - A new store leaves out the two indexes the Dexie storage declares that
 *   nothing here reads (see unreadIndexes): each is one more entry IndexedDB
 *   writes for every document a sync stores.
 *
 * A write is still one IndexedDB transaction: a page closed or killed during
 * it leaves the store as it was before it, never half a page. Writes with
 * attachments (the app has none) take Dexie's path unchanged.
 */

type DexieInternals = Awaited<RxStorageInstanceDexie<unknown>['internals']>;
type AnyDoc = RxDocumentData<Record<string, unknown>>;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
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

/**
 * The primary keys a store holds, kept in memory once a call asks for enough ids to be worth listing them
 * (a sync's pages): a first sync asks for thousands of ids that are not there yet, and each get of one is
 * an IndexedDB request of its own. The set only grows (a purged key stays in it, which costs one get that
 * finds nothing); this instance's writes and other tabs' (RxDB relays them through the instance's change
 * stream) add to it. A write never trusts it alone: see bulkWrite.
 */
class KnownKeys {
  private readonly keys = new Set<string>();
  private loaded: Promise<void> | null = null;
  private complete = false;

  constructor(private readonly open: () => Promise<IDBObjectStore>) {}

  add(id: string): void {
    this.keys.add(id);
  }

  /** The set, once listed; listed now when `wanted` ids make it worth it; null to fall back to plain reads. */
  async forIds(wanted: number): Promise<Set<string> | null> {
    if (this.complete) return this.keys;
    if (wanted < KEY_SET_MIN_IDS) return null;
    this.loaded ??= this.open()
      .then((store) => request(store.getAllKeys()))
      .then(
        (listed) => {
          for (const key of listed) this.keys.add(String(key));
          this.complete = true;
        },
        (error: unknown) => {
          // Listed again by the next call rather than failing every call after one refused listing.
          this.loaded = null;
          throw error;
        },
      );
    await this.loaded;
    return this.keys;
  }
}

/** Below this many ids a call reads with plain gets rather than listing the store's keys first. */
const KEY_SET_MIN_IDS = 32;

/** The stored records of `ids` that exist, in Dexie's format, read within the store's transaction. */
function readIds(store: IDBObjectStore, ids: string[]): Promise<unknown[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const found: unknown[] = [];
    let left = ids.length;
    for (const id of ids) {
      const req = store.get(id);
      req.onsuccess = () => {
        if (req.result !== undefined) found.push(req.result);
        if (--left === 0) resolve(found);
      };
      req.onerror = () => reject(req.error);
    }
  });
}

/** Records put per task of a write: a sync's page is one transaction, but never one long task. */
const PUT_CHUNK = 400;

/**
 * Issues the puts (add() for documents believed new) of one transaction in chunks: the next chunk is
 * issued from the success callback of the last request of the one before, which keeps the transaction
 * alive and runs as a task of its own, so the page can paint and answer input between chunks.
 */
function writeInChunks(
  store: IDBObjectStore,
  puts: { document: AnyDoc; add: boolean }[],
  toRecord: (document: AnyDoc) => unknown,
  onRefusedAdd: () => void,
): void {
  let next = 0;
  const issue = () => {
    const end = Math.min(next + PUT_CHUNK, puts.length);
    let last: IDBRequest | undefined;
    for (; next < end; next++) {
      const { document, add } = puts[next];
      const record = toRecord(document);
      last = add ? store.add(record) : store.put(record);
      if (add) last.onerror = onRefusedAdd;
    }
    if (next < puts.length && last) last.onsuccess = issue;
  };
  issue();
}

/** Thrown inside a write whose "new" document turned out to be stored already (another tab wrote it first). */
class KeyRace extends Error {}

/**
 * The indexes RxDB's Dexie storage declares for a collection's store that nothing reads:
 * - `[_deleted+<id>]`, declared for every collection, is read only by queries planned on it, and RxDB plans a
 *   query on one of the schema's indexes: it is one of them only for a collection with no index of its own;
 * - `_meta.lwt`, read only by the storage's cleanup, which reads `[_meta.lwt+<id>]` here instead.
 * Writing 20,000 posts in pages took 1.69x the floor's time with every index and 1.57x without these two
 * (`npm run bench -- store`, medians of 5). A device whose store has them keeps them: Dexie opens a store that
 * holds more indexes than declared as it is, so nothing is rebuilt.
 */
export function unreadIndexes<T>(schema: RxJsonSchema<T>): string[] {
  const primaryPath = getPrimaryFieldOfPrimaryKey(schema.primaryKey) as string;
  const indexes = (schema.indexes ?? []).map((index) => (typeof index === 'string' ? index : index.join('+')));
  // An unfilled schema (no `_meta.lwt` index listed) is not what RxDB hands a storage: keep every index.
  if (!indexes.includes(`_meta.lwt+${primaryPath}`)) return [];
  const unread = ['_meta.lwt'];
  if (!indexes.includes(`_deleted+${primaryPath}`)) unread.push(`[_deleted+${primaryPath}]`);
  return unread;
}

/** Dexie settings whose store declaration leaves out `unread` indexes of the documents' store. */
function withoutIndexes(settings: DexieSettings, unread: string[]): DexieSettings {
  const lean = (parts: string) =>
    parts
      .split(',')
      .filter((part) => !unread.includes(part.trim()))
      .join(',');
  return {
    ...settings,
    onCreate: async (dexieDb, name) => {
      const version = dexieDb.version.bind(dexieDb);
      dexieDb.version = (versionNumber: number) => {
        const declared = version(versionNumber);
        const stores = declared.stores.bind(declared);
        declared.stores = (schema: Record<string, string | null>) => {
          const docs = schema[DOCS_STORE];
          return stores(docs ? { ...schema, [DOCS_STORE]: lean(docs) } : schema);
        };
        return declared;
      };
      await settings.onCreate?.(dexieDb, name);
    },
  };
}

function speedUp(instance: RxStorageInstanceDexie<AnyDoc>): void {
  const primaryPath = instance.primaryPath as string;
  const dexieBulkWrite = instance.bulkWrite.bind(instance);
  const internals = instance.internals as unknown as Promise<DexieInternals>;
  // The instance's own subject: RxDB's multi-tab support listens to it and relays what it emits.
  const changes = (instance as unknown as { changes$: { next(bulk: unknown): void } }).changes$;
  const known = new KnownKeys(async () => (await internals).dexieDb.backendDB().transaction(DOCS_STORE, 'readonly').objectStore(DOCS_STORE));
  const relayed = instance.changeStream().subscribe((bulk) => {
    for (const event of bulk.events) known.add(String(event.documentId));
  });
  const close = instance.close.bind(instance);
  instance.close = () => {
    relayed.unsubscribe();
    return close();
  };
  const remove = instance.remove.bind(instance);
  instance.remove = () => {
    relayed.unsubscribe();
    return remove();
  };

  /** The stored records of `ids`: only the known ones are asked for once the keys are listed. */
  async function read(store: IDBObjectStore, ids: string[], keys: Set<string> | null): Promise<unknown[]> {
    return readIds(store, keys ? ids.filter((id) => keys.has(id)) : ids);
  }

  instance.findDocumentsById = async (ids: string[], withDeleted: boolean) => {
    if (instance.closed) throw new Error(`storage instance ${instance.collectionName} is closed`);
    const state = await internals;
    const keys = await known.forIds(ids.length);
    const tx = state.dexieDb.backendDB().transaction(DOCS_STORE, 'readonly');
    const stored = await read(tx.objectStore(DOCS_STORE), ids, keys);
    const docs = stored.map((doc) => fromDexieRecord(state.booleanIndexes, doc as AnyDoc));
    return withDeleted ? docs : docs.filter((doc) => !doc._deleted);
  };

  /**
   * One write in one readwrite transaction. With the keys listed, a row inserting an id the set does not
   * hold is not read first but written with add(), which IndexedDB refuses when the key exists after all
   * (another tab stored it since): the transaction then aborts, nothing of it is written, and the write
   * runs again reading every id. So the set saves reads, never decides a conflict.
   */
  async function write(rows: BulkWriteRow<AnyDoc>[], context: string, trustKeys: boolean): Promise<RxStorageBulkWriteResponse<AnyDoc>> {
    const state = await internals;
    const keys = trustKeys ? await known.forIds(rows.length) : null;
    const assumedNew = new Set<string>();
    if (keys) for (const row of rows) if (!row.previous && !keys.has(row.document[primaryPath] as string)) assumedNew.add(row.document[primaryPath] as string);
    const tx = state.dexieDb.backendDB().transaction(DOCS_STORE, 'readwrite');
    const done = transactionDone(tx);
    const store = tx.objectStore(DOCS_STORE);
    let categorized: ReturnType<typeof categorizeBulkWriteRows<AnyDoc>>;
    let raced = false;
    try {
      const ids = rows.map((row) => row.document[primaryPath] as string);
      const stored = await readIds(
        store,
        ids.filter((id) => !assumedNew.has(id)),
      );
      const inDb = new Map<string, AnyDoc>();
      for (const doc of stored) {
        const storageDoc = fromDexieRecord(state.booleanIndexes, doc as AnyDoc);
        inDb.set(storageDoc[primaryPath] as string, storageDoc);
        // A write that met another tab's document (the retry after a refused add) teaches the set about it.
        known.add(storageDoc[primaryPath] as string);
      }
      categorized = categorizeBulkWriteRows<AnyDoc>(
        instance as unknown as RxStorageInstance<AnyDoc, unknown, unknown>,
        primaryPath as never,
        inDb,
        rows,
        context,
      );
      const puts = [...categorized.bulkInsertDocs, ...categorized.bulkUpdateDocs].map((row) => ({
        document: row.document,
        add: assumedNew.has(row.document[primaryPath] as string),
      }));
      writeInChunks(
        store,
        puts,
        (document) => toDexieRecord(state.booleanIndexes, document),
        () => (raced = true),
      );
    } catch (error) {
      tx.abort();
      await done.catch(() => undefined);
      throw error;
    }
    try {
      await done;
    } catch (error) {
      if (raced) throw new KeyRace();
      throw error;
    }
    for (const row of [...categorized.bulkInsertDocs, ...categorized.bulkUpdateDocs]) known.add(row.document[primaryPath] as string);
    if (categorized.eventBulk.events.length > 0 && categorized.newestRow) {
      const last = categorized.newestRow.document;
      categorized.eventBulk.checkpoint = { id: last[primaryPath], lwt: last._meta.lwt };
      changes.next(categorized.eventBulk);
    }
    return { error: categorized.errors };
  }

  /**
   * The documents changed after `checkpoint`, in `(_meta.lwt, id)` order: one ranged read of the index RxDB
   * keeps for it. Without this RxDB runs it as a query whose `$or` the index cannot bound, and a replication
   * reads every pulled document back in batches of 100 (its push side's first pass, even with nothing to
   * push). All documents of one write share their `lwt`, so each batch scanned the page's rows again from the
   * first: about 5,500 rows read for a page of 1,000, every row an IndexedDB round trip.
   */
  // Optional in RxDB's storage interface; the Dexie instance has none of its own.
  (instance as unknown as RxStorageInstance<AnyDoc, unknown, unknown>).getChangedDocumentsSince = async (limit, checkpoint) => {
    if (instance.closed) throw new Error(`storage instance ${instance.collectionName} is closed`);
    const state = await internals;
    const keyRange = state.dexieDb._options.IDBKeyRange ?? IDBKeyRange;
    const index = state.dexieDb.backendDB().transaction(DOCS_STORE, 'readonly').objectStore(DOCS_STORE).index(`[_meta.lwt+${primaryPath}]`);
    // Strictly after the checkpoint: a later lwt, or the same lwt and a greater id.
    const since = checkpoint as { id: string; lwt: number } | undefined;
    const range = since ? keyRange.lowerBound([since.lwt, since.id], true) : null;
    const stored = await request(index.getAll(range, limit));
    const documents = stored.map((doc) => fromDexieRecord(state.booleanIndexes, doc as AnyDoc));
    const last = documents[documents.length - 1];
    return {
      documents,
      checkpoint: last ? { id: last[primaryPath] as string, lwt: last._meta.lwt } : (since ?? { id: '', lwt: 0 }),
    };
  };

  /**
   * Purges the deleted documents last written before `minimumDeletedTime` ago, through the `(_meta.lwt, id)`
   * index: the storage's own cleanup reads the `_meta.lwt` index, which a new store no longer has.
   */
  instance.cleanup = async (minimumDeletedTime: number) => {
    if (instance.closed) throw new Error(`storage instance ${instance.collectionName} is closed`);
    const state = await internals;
    const keyRange = state.dexieDb._options.IDBKeyRange ?? IDBKeyRange;
    const tx = state.dexieDb.backendDB().transaction(DOCS_STORE, 'readwrite');
    const done = transactionDone(tx);
    const store = tx.objectStore(DOCS_STORE);
    // Every key [lwt, id] with lwt before the bound sorts below the one-element key [bound].
    const older = await request(store.index(`[_meta.lwt+${primaryPath}]`).getAll(keyRange.upperBound([now() - minimumDeletedTime], true)));
    for (const doc of older as AnyDoc[]) if ((doc as { _deleted: unknown })._deleted === '1') store.delete(doc[primaryPath] as string);
    await done;
    return true;
  };

  instance.bulkWrite = async (writes: BulkWriteRow<AnyDoc>[], context: string): Promise<RxStorageBulkWriteResponse<AnyDoc>> => {
    if (hasAttachments(writes)) return dexieBulkWrite(writes, context);
    if (instance.closed) throw new Error(`storage instance ${instance.collectionName} is closed`);
    // The same guard as Dexie's path: RxDB never writes without a revision.
    if (writes.some((row) => !row.document._rev || (row.previous && !row.previous._rev))) throw new Error('bulkWrite: a row without a revision');
    // Dev-mode checks that nothing relies on the caller's objects staying untouched; Dexie's path does the same.
    const rows = instance.devMode ? writes.map((row) => ({ previous: row.previous, document: flatCloneDocWithMeta(row.document) })) : writes;
    try {
      return await write(rows, context, true);
    } catch (error) {
      if (!(error instanceof KeyRace)) throw error;
      return write(rows, context, false);
    }
  };
}

/**
 * RxDB's Dexie storage with the faster read and write paths above. `settings`
 * are Dexie's: tests pass fake-indexeddb's indexedDB and IDBKeyRange.
 */
export function getAppStorage(settings: DexieSettings = {}): RxStorage<unknown, DexieSettings> {
  const dexie = getRxStorageDexie(settings);
  return {
    name: dexie.name,
    rxdbVersion: dexie.rxdbVersion,
    async createStorageInstance<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, DexieSettings>) {
      // The store's declaration depends on the collection's schema: a Dexie storage of its own for each.
      const unread = unreadIndexes(params.schema);
      const storage = unread.length > 0 ? getRxStorageDexie(withoutIndexes(settings, unread)) : dexie;
      const instance = await storage.createStorageInstance(params);
      speedUp(instance as unknown as RxStorageInstanceDexie<AnyDoc>);
      return instance as unknown as RxStorageInstance<RxDocType, unknown, DexieSettings>;
    },
  } as RxStorage<unknown, DexieSettings>;
}
