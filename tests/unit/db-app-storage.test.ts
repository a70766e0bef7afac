import { afterEach, describe, expect, it } from 'vitest';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { fillWithDefaultSettings, getChangedDocumentsSinceQuery, prepareQuery, type RxDocumentData, type RxStorage, type RxStorageInstance } from 'rxdb';
import { unreadIndexes } from '@/db/app-storage';
import { createAppDatabase, type AppDatabase } from '@/db/database';
import type { DiscussionDoc } from '@/db/schemas/discussions';
import { testStorage } from './db-support/memory-db';

let db: AppDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

const dexieStorage = () => getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>;
const newName = () => `s${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;

function discussion(i: number, pinned = false): DiscussionDoc {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  return {
    id: crypto.randomUUID(),
    user_id: crypto.randomUUID(),
    title: `t${i}`,
    category: i % 2 ? 'odd' : 'even',
    is_pinned: pinned,
    is_locked: false,
    created_at: at,
    last_activity_at: at,
    post_count: i,
  };
}

describe("the app's storage", () => {
  it('reads what a device stored with the plain Dexie storage, and the plain storage reads what it writes', async () => {
    const name = newName();
    const before = Array.from({ length: 60 }, (_, i) => discussion(i, i % 10 === 0));
    db = await createAppDatabase({ name, storage: dexieStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    await db.discussions.bulkInsert(before);
    await db.close();

    db = await createAppDatabase({ name, storage: testStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    const found = await db.discussions.findByIds(before.map((d) => d.id)).exec();
    expect(found.size).toBe(60);
    expect(found.get(before[10].id)?.is_pinned).toBe(true);
    // Boolean index values are stored in Dexie's format: the pinned-first query still finds them.
    const pinned = await db.discussions.find({ selector: { is_pinned: true }, sort: [{ is_pinned: 'desc' }, { last_activity_at: 'desc' }] }).exec();
    expect(pinned.map((d) => d.title)).toEqual(['t50', 't40', 't30', 't20', 't10', 't0']);
    const added = Array.from({ length: 40 }, (_, i) => discussion(100 + i, i === 0));
    await db.discussions.bulkInsert(added);
    await db.discussions.findOne(before[1].id).incrementalPatch({ title: 'edited' });
    await db.close();

    db = await createAppDatabase({ name, storage: dexieStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    expect(await db.discussions.count().exec()).toBe(100);
    expect((await db.discussions.findOne(before[1].id).exec())?.title).toBe('edited');
    expect(await db.discussions.count({ selector: { is_pinned: true } }).exec()).toBe(7);
  });

  it('finds documents by id among many, with and without the deleted ones', async () => {
    db = await createAppDatabase({ name: newName(), storage: testStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    const docs = Array.from({ length: 80 }, (_, i) => discussion(i));
    await db.discussions.bulkInsert(docs);
    await db.discussions.findOne(docs[5].id).remove();
    const instance = db.discussions.storageInstance;
    const absent = Array.from({ length: 40 }, () => crypto.randomUUID());
    const ids = [...docs.map((d) => d.id), ...absent];
    const live = await instance.findDocumentsById(ids, false);
    expect(live.map((d) => d.id).sort()).toEqual(
      docs
        .filter((_, i) => i !== 5)
        .map((d) => d.id)
        .sort(),
    );
    const withDeleted = await instance.findDocumentsById(ids, true);
    expect(withDeleted).toHaveLength(80);
    expect(withDeleted.find((d) => d.id === docs[5].id)?._deleted).toBe(true);
    // A few ids take the plain path.
    expect((await instance.findDocumentsById([docs[7].id, absent[0]], false)).map((d) => d.title)).toEqual(['t7']);
  });

  it('refuses a write made against an outdated version with a conflict and leaves the stored document as it was', async () => {
    db = await createAppDatabase({ name: newName(), storage: testStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    const doc = discussion(1);
    await db.discussions.insert(doc);
    const instance = db.discussions.storageInstance;
    const [stored] = await instance.findDocumentsById([doc.id], false);
    await db.discussions.findOne(doc.id).incrementalPatch({ title: 'newer' });
    const stale = { ...stored, title: 'stale', _rev: '2-stale', _meta: { lwt: Date.now() + 1 } };
    const result = await instance.bulkWrite([{ previous: stored, document: stale }], 'test');
    expect(result.error).toHaveLength(1);
    expect(result.error[0].status).toBe(409);
    expect((await db.discussions.findOne(doc.id).exec())?.title).toBe('newer');
  });

  it('tells live queries about what it wrote', async () => {
    db = await createAppDatabase({ name: newName(), storage: testStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    const seen: number[] = [];
    const sub = db.discussions.find({ selector: { category: 'odd' } }).$.subscribe((docs) => seen.push(docs.length));
    await db.discussions.bulkInsert(Array.from({ length: 50 }, (_, i) => discussion(i)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    sub.unsubscribe();
    expect(seen.at(-1)).toBe(25);
  });

  it('never writes a document as new over one another tab stored after this tab listed the keys', async () => {
    const name = newName();
    db = await createAppDatabase({ name, storage: testStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    const docs = Array.from({ length: 40 }, (_, i) => discussion(i));
    await db.discussions.bulkInsert(docs);
    // Enough ids for the storage to list the store's keys and answer from them from now on.
    expect(
      await db.discussions.storageInstance.findDocumentsById(
        docs.map((d) => d.id),
        false,
      ),
    ).toHaveLength(40);

    // Another tab stores a document straight into the same IndexedDB database: this tab hears nothing of it.
    const theirs = discussion(99);
    const dbName = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.includes(name) && n.endsWith('--discussions'))!;
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(dbName);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = idb.transaction('docs', 'readwrite');
      const store = tx.objectStore('docs');
      const copy = store.get(docs[0].id);
      copy.onsuccess = () => store.put({ ...copy.result, id: theirs.id, title: 'from the other tab' });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    idb.close();

    await expect(db.discussions.insert({ ...theirs, title: 'mine' })).rejects.toThrow(/CONFLICT|409/);
    expect((await db.discussions.findOne(theirs.id).exec())?.title).toBe('from the other tab');

    // The same within a write of many documents, stored in chunks: the refused one is a conflict, the rest are stored.
    const another = discussion(98);
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(dbName);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('docs', 'readwrite');
        const store = tx.objectStore('docs');
        const copy = store.get(docs[0].id);
        copy.onsuccess = () => store.put({ ...copy.result, id: another.id, title: 'also from the other tab' });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
      };
    });
    const many = Array.from({ length: 500 }, (_, i) => (i === 450 ? { ...another, title: 'mine' } : discussion(1000 + i)));
    const result = await db.discussions.bulkInsert(many);
    expect(result.error.map((e) => e.documentId)).toEqual([another.id]);
    expect(await db.discussions.count().exec()).toBe(40 + 1 + 500);
    expect((await db.discussions.findOne(another.id).exec())?.title).toBe('also from the other tab');
  });

  it("lists the changes after a checkpoint as RxDB's own query does", async () => {
    db = await createAppDatabase({ name: newName(), storage: testStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    // Three writes: the documents of each share one lwt, as a replication's pages do; one is deleted later.
    for (let w = 0; w < 3; w++) await db.discussions.bulkInsert(Array.from({ length: 120 }, (_, i) => discussion(w * 1000 + i)));
    const gone = (await db.discussions.find({ limit: 1 }).exec())[0];
    await gone.remove();
    const instance = db.discussions.storageInstance as unknown as RxStorageInstance<DiscussionDoc, unknown, unknown>;
    expect(instance.getChangedDocumentsSince).toBeTypeOf('function');
    const byQuery = async (limit: number, checkpoint?: { id: string; lwt: number }) => {
      const query = prepareQuery(instance.schema, getChangedDocumentsSinceQuery(instance, limit, checkpoint));
      return (await instance.query(query)).documents;
    };
    const walk = async (next: (limit: number, cp?: { id: string; lwt: number }) => Promise<RxDocumentData<DiscussionDoc>[]>) => {
      const pages: string[][] = [];
      let checkpoint: { id: string; lwt: number } | undefined;
      for (;;) {
        const docs = await next(50, checkpoint);
        if (docs.length === 0) return pages;
        pages.push(docs.map((d) => `${d.id}:${d._meta.lwt}:${d._deleted}`));
        const last = docs[docs.length - 1];
        checkpoint = { id: last.id, lwt: last._meta.lwt };
      }
    };
    const native = await walk(async (limit, cp) => (await instance.getChangedDocumentsSince!(limit, cp)).documents);
    // Every document once, the deleted one with its deletion, in the same pages as RxDB's query gives.
    expect(native.flat()).toHaveLength(360);
    expect(native.flat().filter((d) => d.endsWith(':true'))).toEqual([expect.stringContaining(gone.id)]);
    expect(native).toEqual(await walk(byQuery));
    // The checkpoint it returns is its last document's; after the last, the one it was given.
    const all = await instance.getChangedDocumentsSince!(1000);
    const end = all.checkpoint as { id: string; lwt: number };
    expect(end).toEqual({ id: all.documents.at(-1)!.id, lwt: all.documents.at(-1)!._meta.lwt });
    expect(await instance.getChangedDocumentsSince!(10, end)).toEqual({ documents: [], checkpoint: end });
  });

  /** The index names of a collection's documents store, read from IndexedDB itself. */
  async function storeIndexes(name: string, collection: string): Promise<string[]> {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(`rxdb-dexie-${name}--0--${collection}`);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const names = [...idb.transaction('docs', 'readonly').objectStore('docs').indexNames].sort();
    idb.close();
    return names;
  }

  it('gives a new store only the indexes something reads', async () => {
    const name = newName();
    db = await createAppDatabase({ name, storage: testStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    await db.discussions.bulkInsert([discussion(1)]);
    const indexes = await storeIndexes(name, 'discussions');
    expect(indexes).toContain('[_meta.lwt+id]');
    expect(indexes.filter((index) => index.startsWith('[_deleted+')).length).toBeGreaterThan(0);
    expect(indexes).not.toContain('[_deleted+id]');
    expect(indexes).not.toContain('_meta.lwt');
    // A collection with no index of its own is queried through [_deleted+id]: it keeps it.
    const bare = fillWithDefaultSettings<{ id: string }>({
      version: 0,
      primaryKey: 'id',
      type: 'object',
      properties: { id: { type: 'string', maxLength: 40 } },
    });
    expect(unreadIndexes(bare)).toEqual(['_meta.lwt']);
    expect(unreadIndexes(db.discussions.schema.jsonSchema)).toEqual(['_meta.lwt', '[_deleted+id]']);
  });

  it('purges deleted documents on a new store and on one a device made with every index, which keeps them', async () => {
    const name = newName();
    const docs = Array.from({ length: 30 }, (_, i) => discussion(i, i % 3 === 0));
    db = await createAppDatabase({ name, storage: dexieStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    await db.discussions.bulkInsert(docs.slice(0, 20));
    await db.discussions.findByIds(docs.slice(0, 5).map((d) => d.id)).remove();
    await db.close();
    const before = await storeIndexes(name, 'discussions');
    expect(before).toContain('_meta.lwt');

    db = await createAppDatabase({ name, storage: testStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    expect(await storeIndexes(name, 'discussions')).toEqual(before);
    await db.discussions.bulkInsert(docs.slice(20));
    await db.discussions.findOne(docs[25].id).remove();
    const instance = db.discussions.storageInstance;
    expect(await instance.cleanup(0)).toBe(true);
    const left = await instance.findDocumentsById(
      docs.map((d) => d.id),
      true,
    );
    expect(left.map((d) => d.id).sort()).toEqual([...docs.slice(5, 25), ...docs.slice(26)].map((d) => d.id).sort());
    expect(await db.discussions.count({ selector: { is_pinned: true } }).exec()).toBe(8);

    // A new store purges the same way, and keeps what was deleted moments ago when asked to wait for it.
    const fresh = newName();
    await db.close();
    db = await createAppDatabase({ name: fresh, storage: testStorage(), multiInstance: false, only: ['discussions', 'outbox'] });
    await db.discussions.bulkInsert(docs);
    await db.discussions.findByIds(docs.slice(0, 10).map((d) => d.id)).remove();
    await db.discussions.storageInstance.cleanup(60_000);
    expect(await db.discussions.storageInstance.findDocumentsById([docs[0].id], true)).toHaveLength(1);
    await db.discussions.storageInstance.cleanup(0);
    expect(
      await db.discussions.storageInstance.findDocumentsById(
        docs.slice(0, 12).map((d) => d.id),
        true,
      ),
    ).toHaveLength(2);
    expect(await db.discussions.count().exec()).toBe(20);
  });
});
