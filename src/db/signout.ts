import { getAssumedMasterState, type RxCollection, type RxDocumentData } from 'rxdb';
import { clearPrivateDeviceData } from '@/lib/device-storage';
import { forgetLaunchMarkup } from '@/lib/launch-markup';
import { isReplicatedCollection, type ReplicatedCollectionName } from './collections';
import type { AppDatabase } from './database';
import { forgetCollection, writeRaw } from './local-writes';
import type { SyncHandle } from './replication/sync';
import { TABLE_SPECS } from './replication/tables';
import type { DraftKind } from './schemas/drafts';
import { BOOKKEEPING_COLLECTIONS, WAITING_CHANGES } from './sync-status';

export interface PurgeOptions {
  /**
   * The member chose to keep what was not sent yet: it is saved as their
   * drafts (tagged with their id, shown only to them) instead of being dropped.
   */
  keepUnsent: boolean;
  /** the signed-out member's running replication; needed to put back the server's state of unsent edits */
  sync?: SyncHandle | null;
}

export interface PurgeResult {
  unsent: number;
}

const DRAFT_KIND_FOR: Partial<Record<ReplicatedCollectionName, DraftKind>> = {
  posts: 'reply',
  discussions: 'discussion',
  profiles: 'profile',
};

/** Local writes still waiting for the server, for the "N changes not sent yet" question before signing out. */
export async function countUnsent(db: AppDatabase): Promise<number> {
  // A count must match an index exactly; the changes are the waiting records less the bookkeeping ones.
  return (await db.outbox.find({ selector: WAITING_CHANGES }).exec()).length;
}

/**
 * Signing out on a shared device: removes notifications, drafts and the
 * other identity-dependent tables, and unsent writes (dropped, or kept as the
 * member's drafts). Call it before switching replication to the visitor.
 */
export async function purgePrivateData(db: AppDatabase, options: PurgeOptions): Promise<PurgeResult> {
  const member = options.sync?.userId ?? null;
  const waiting = await db.outbox.find({ selector: { state: 'waiting' } }).exec();
  const keptDraftIds = new Set<string>();

  const byCollection = new Map<ReplicatedCollectionName, string[]>();
  for (const entry of waiting) {
    // A send-only write (a contact message) has no document on the device; its record goes with the outbox below.
    if (!isReplicatedCollection(entry.collection_name)) continue;
    const name = entry.collection_name;
    byCollection.set(name, [...(byCollection.get(name) ?? []), entry.doc_id]);
  }

  for (const [name, ids] of byCollection) {
    const collection = db[name] as unknown as RxCollection<unknown>;
    const current = (await collection.storageInstance.findDocumentsById(ids, true)) as RxDocumentData<Record<string, unknown>>[];
    if (options.keepUnsent && !TABLE_SPECS[name].bookkeeping) {
      for (const doc of current.filter((d) => !d._deleted)) {
        const id = `unsent:${name}:${String(doc.id)}`;
        keptDraftIds.add(id);
        const fields: Record<string, unknown> = {};
        for (const column of TABLE_SPECS[name].insertColumns) if (column in doc) fields[column] = doc[column];
        await db.drafts.upsert({
          id,
          kind: DRAFT_KIND_FOR[name] ?? 'rejected',
          key: name === 'posts' ? String(doc.discussion_id) : String(doc.id),
          collection_name: name,
          doc_id: String(doc.id),
          content: typeof doc.content === 'string' ? doc.content : null,
          fields,
          reason: null,
          user_id: member,
          updated_at: new Date().toISOString(),
        });
      }
    }
    // Put back what the server has; documents that never reached it go away.
    const internal = options.sync?.states[name]?.internalReplicationState;
    const assumed = internal ? await getAssumedMasterState(internal, ids) : {};
    await writeRaw(
      collection as RxCollection<Record<string, unknown>>,
      current.map((doc) => {
        const master = assumed[String(doc.id)]?.docData as Record<string, unknown> | undefined;
        return { previous: doc, next: master ? { ...master, _deleted: !!master._deleted } : { ...doc, _deleted: true } };
      }) as never,
      'purge-unsent',
    );
  }

  // Stop before forgetting: a running replication would push the removals as deletes.
  await options.sync?.stop({ forgetIdentity: true });
  for (const name of Object.keys(TABLE_SPECS) as ReplicatedCollectionName[]) {
    // Drafts go below, all but the unsent writes just kept as the member's drafts; of the kept items only
    // bookmarks are the member's (pins and visits are the device's).
    if (TABLE_SPECS[name].perIdentity && name !== 'drafts' && name !== 'pinned') await forgetCollection(db[name] as unknown as RxCollection<unknown>);
  }
  await db.pinned.find({ selector: { reason: 'bookmark' } }).remove();
  await db.drafts.find({ selector: { id: { $nin: [...keptDraftIds] } } }).remove();
  await db.outbox.find().remove();
  // Tombstones keep every field (a draft's text, an unsent reply): drop them so the next person's device holds none of it.
  const touched = [db.drafts, db.outbox, db.pinned, ...[...byCollection.keys()].map((name) => db[name])] as unknown as RxCollection<unknown>[];
  await Promise.all(touched.map((collection) => collection.storageInstance.cleanup(0)));
  // What screens last showed was seen through the member's eyes, and unsent forms are drafts like the ones above.
  clearPrivateDeviceData();
  await forgetLaunchMarkup();
  return { unsent: waiting.filter((entry) => !BOOKKEEPING_COLLECTIONS.includes(entry.collection_name)).length };
}
