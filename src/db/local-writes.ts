import { createRevision, now, type RxCollection, type RxDocumentData } from 'rxdb';

/**
 * Writes straight to a collection's storage, below the RxDB document API, so
 * no outbox hook runs. Used to put back the server's state or to forget
 * documents; a running replication sees the write but has nothing to push
 * when the result equals what the server has.
 */
export async function writeRaw<T>(
  collection: RxCollection<T>,
  rows: { previous: RxDocumentData<T>; next: Omit<RxDocumentData<T>, '_rev' | '_meta' | '_attachments'> }[],
  context: string,
): Promise<void> {
  if (rows.length === 0) return;
  const token = collection.database.token;
  await collection.storageInstance.bulkWrite(
    rows.map(({ previous, next }) => ({
      previous,
      document: {
        ...next,
        _attachments: previous._attachments ?? {},
        _meta: { ...previous._meta, lwt: now() },
        _rev: createRevision(token, previous),
      } as RxDocumentData<T>,
    })),
    context,
  );
}

/** Deletes every document of a collection on this device only, tombstones included. */
export async function forgetCollection<T>(collection: RxCollection<T>): Promise<void> {
  const all = await collection.find().exec();
  await writeRaw(
    collection,
    // The tombstone keeps every field; only _deleted changes.
    all.map((doc) => ({ previous: doc._data as RxDocumentData<T>, next: { ...(doc._data as RxDocumentData<T>), _deleted: true } })),
    'forget-collection',
  );
  await collection.storageInstance.cleanup(0);
}
