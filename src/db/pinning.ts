import { createRevision, now, type RxCollection, type RxDocumentData, type RxStorage } from 'rxdb';
import { bookmarkId, isUuid } from './ids';
import type { AppDatabase } from './database';
import { markThreadsDropped } from './dropped-threads';
import { assumedStateId, openReplicationMeta } from './replication/replication-meta';
import { replicationIdentifier } from './replication/replication-identifier';
import { TABLE_SPECS } from './replication/tables';
import { WAITING_CHANGES } from './sync-status';
import { writeRaw } from './local-writes';
import { BOOKMARK_MESSAGES, FREE_SPACE_MESSAGES } from './messages';
import { BOOKMARK_NOTE_MAX, type BookmarkableType, type PinnableType, type PinnedDoc } from './schemas/pinned';
import type { PostDoc } from './schemas/posts';
import type { SyncHandle } from './replication/sync';

function pinId(type: PinnableType, id: string): string {
  return `keep_offline:${type}:${id}`;
}

/** 'Keep offline': the thread's posts are fetched now and keep syncing; blog posts are always kept. */
export async function pinForOffline(db: AppDatabase, type: PinnableType, id: string, sync?: SyncHandle | null): Promise<void> {
  if (!isUuid(id)) throw new Error(`Not an id: ${id}`);
  await db.pinned.upsert({ id: pinId(type, id), reason: 'keep_offline', entity_type: type, entity_id: id, pinned_at: new Date().toISOString() });
  if (type === 'discussion' && sync) await sync.ensureThread(id);
}

export async function unpin(db: AppDatabase, type: PinnableType, id: string): Promise<void> {
  await db.pinned.findOne(pinId(type, id)).remove();
}

export async function isPinned(db: AppDatabase, type: PinnableType, id: string): Promise<boolean> {
  return (await db.pinned.findOne(pinId(type, id)).exec()) !== null;
}

export interface BookmarkInput {
  type: BookmarkableType;
  entityId: string;
  /** the thread of a bookmarked post, so the device keeps it at once (the server fills it too) */
  discussionId?: string | null;
  note?: string | null;
  /** ISO time; must be in the future */
  remindAt?: string | null;
}

/**
 * Bookmarks an item for the signed-in member (or changes its note and reminder): saved on the device at
 * once and synced to their private bookmarks; a bookmarked thread is kept on the device. Throws with the
 * member-facing message for a reminder in the past or a note over the limit, storing nothing.
 */
export async function saveBookmark(db: AppDatabase, userId: string, input: BookmarkInput, sync?: SyncHandle | null, now = Date.now()): Promise<PinnedDoc> {
  if (!isUuid(input.entityId)) throw new Error(`Not an id: ${input.entityId}`);
  const note = input.note?.trim() || null;
  if (note && note.length > BOOKMARK_NOTE_MAX) throw new Error(BOOKMARK_MESSAGES.noteTooLong(BOOKMARK_NOTE_MAX));
  const id = bookmarkId(userId, input.type, input.entityId);
  const existing = (await db.pinned.findOne(id).exec())?.toJSON() as PinnedDoc | undefined;
  const remindAt = input.remindAt ? new Date(input.remindAt).toISOString() : null;
  if (remindAt && remindAt !== existing?.remind_at && Date.parse(remindAt) <= now) throw new Error(BOOKMARK_MESSAGES.pastReminder);
  const at = new Date(now).toISOString();
  const doc: PinnedDoc = {
    ...existing,
    id,
    reason: 'bookmark',
    entity_type: input.type,
    entity_id: input.entityId,
    pinned_at: existing?.pinned_at ?? at,
    created_at: existing?.created_at ?? at,
    user_id: userId,
    note,
    remind_at: remindAt,
    discussion_id: input.discussionId ?? existing?.discussion_id ?? (input.type === 'discussion' ? input.entityId : null),
  };
  await db.pinned.incrementalUpsert(doc);
  const thread = doc.discussion_id;
  if (thread && sync) await sync.ensureThread(thread);
  return doc;
}

/** Removes the bookmark on every device of the member. */
export async function removeBookmark(db: AppDatabase, id: string): Promise<void> {
  const existing = await db.pinned.findOne(id).exec();
  if (existing?.reason === 'bookmark') await existing.incrementalRemove();
}

/** The most threads one "Free space" drops, oldest opened first; asking again drops the next ones. */
export const FREE_SPACE_MAX_THREADS = 20;

export interface KeptThread {
  id: string;
  /** when the member last opened it or chose "Keep offline" */
  openedAt: string;
}

/**
 * Which kept threads "Free space" drops: those the member opened longest ago, at most `limit`, never one
 * in `spared` (bookmarked, or with a write waiting to be sent or a draft).
 */
export function threadsToDrop(kept: readonly KeptThread[], spared: ReadonlySet<string>, limit = FREE_SPACE_MAX_THREADS): string[] {
  const latest = new Map<string, string>();
  for (const { id, openedAt } of kept) if (!spared.has(id) && openedAt > (latest.get(id) ?? '')) latest.set(id, openedAt);
  return [...latest]
    .sort(([a, at], [b, bt]) => (at === bt ? a.localeCompare(b) : at.localeCompare(bt)))
    .slice(0, limit)
    .map(([id]) => id);
}

/** Threads the device must keep whole: bookmarked, or holding a write still waiting or a draft. */
async function sparedThreads(db: AppDatabase): Promise<Set<string>> {
  const [bookmarks, waiting, drafts] = await Promise.all([
    db.pinned.find({ selector: { reason: 'bookmark' } }).exec(),
    // The app's own bookkeeping (read points) is not the member's writing: it does not hold a thread.
    db.outbox.find({ selector: WAITING_CHANGES }).exec(),
    db.drafts.find().exec(),
  ]);
  const spared = new Set<string>();
  for (const b of bookmarks) for (const id of [b.entity_id, b.discussion_id]) if (id) spared.add(id);
  // A write or draft names its thread, or a post of it: both are looked up, whatever the table.
  const named = new Set<string>();
  for (const entry of waiting) {
    named.add(entry.doc_id);
    const thread = entry.columns?.discussion_id ?? entry.columns?.post_id;
    if (typeof thread === 'string') named.add(thread);
  }
  for (const draft of drafts) {
    for (const id of [draft.key, draft.doc_id, draft.fields?.discussion_id]) if (typeof id === 'string') named.add(id);
  }
  const posts = await db.posts.findByIds([...named]).exec();
  for (const id of named) spared.add(posts.get(id)?.discussion_id ?? id);
  return spared;
}

export interface FreedSpace {
  threads: number;
  posts: number;
  /** what the dropped posts took as stored records, roughly */
  bytes: number;
}

/**
 * "Free space": removes from this device the posts of the kept threads the member opened longest ago (see
 * threadsToDrop), the member's own posts aside, and stops keeping those threads. The removal happens below
 * replication, so nothing is sent to the server, and the threads stay off the device until opened again.
 * The caller stops this member's replication first and starts it again afterwards: a running one would take
 * the removed posts for deletions to push.
 */
export async function dropOldestKeptThreads(db: AppDatabase, userId: string | null, limit = FREE_SPACE_MAX_THREADS): Promise<FreedSpace> {
  // Dropped posts are removed for good with every other tombstone of the table, which would take a deleted
  // post still waiting to be sent with them; and left as tombstones, they would be sent as deletions.
  const waitingPostWrites = await db.outbox.find({ selector: { state: 'waiting', collection_name: 'posts' } }).exec();
  if (waitingPostWrites.some((entry) => entry.op === 'delete')) throw new Error(FREE_SPACE_MESSAGES.deletionWaiting);
  const [opened, spared] = await Promise.all([
    db.pinned.find({ selector: { reason: { $in: ['keep_offline', 'visited'] }, entity_type: 'discussion' } }).exec(),
    sparedThreads(db),
  ]);
  const ids = threadsToDrop(
    opened.map((pin) => ({ id: pin.entity_id, openedAt: pin.pinned_at })),
    spared,
    limit,
  );
  if (ids.length === 0) return { threads: 0, posts: 0, bytes: 0 };
  const posts = await db.posts.find({ selector: { discussion_id: { $in: ids } } }).exec();
  const dropped = posts.filter((post) => userId === null || post.user_id !== userId).map((post) => post._data as RxDocumentData<PostDoc>);
  const bytes = dropped.reduce((sum, doc) => sum + JSON.stringify(doc).length, 0);
  markThreadsDropped(ids, new Date().toISOString());
  await db.pinned.find({ selector: { reason: { $in: ['keep_offline', 'visited'] }, entity_type: 'discussion', entity_id: { $in: ids } } }).remove();
  await writeRaw(
    db.posts as unknown as RxCollection<PostDoc>,
    dropped.map((doc) => ({ previous: doc, next: { ...doc, _deleted: true } })),
    'free-space',
  );
  await db.posts.storageInstance.cleanup(0);
  await forgetServerStates(
    db,
    userId,
    dropped.map((doc) => doc.id),
  );
  return { threads: ids.length, posts: dropped.length, bytes };
}

/**
 * Replication keeps the server's state of every post it pulled (the text included) beside the post: dropped posts'
 * go too, for the member's replication and the visitor's, so the device holds nothing of them and a later pull
 * takes them as new.
 */
async function forgetServerStates(db: AppDatabase, userId: string | null, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const identity of new Set([userId, null])) {
    const meta = await openReplicationMeta(db.storage as RxStorage<unknown, unknown>, {
      databaseName: db.name,
      collectionName: 'posts',
      schema: db.posts.schema.jsonSchema,
      identifier: replicationIdentifier(TABLE_SPECS.posts, identity),
      token: db.token,
      settings: {},
    });
    try {
      const stored = await meta.findDocumentsById(ids.map(assumedStateId), false);
      if (stored.length === 0) continue;
      await meta.bulkWrite(
        stored.map((previous) => ({
          previous,
          document: { ...previous, _deleted: true, _meta: { lwt: now() }, _rev: createRevision(db.token, previous) },
        })),
        'free-space',
      );
      await meta.cleanup(0);
    } finally {
      await meta.close();
    }
  }
}
