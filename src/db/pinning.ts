import { v5 as uuidv5 } from 'uuid';
import { isUuid } from './ids';
import type { AppDatabase } from './database';
import { BOOKMARK_MESSAGES } from './messages';
import { BOOKMARK_NOTE_MAX, type BookmarkableType, type PinnableType, type PinnedDoc } from './schemas/pinned';
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

/** Same namespace as the database's relation ids, so the server would derive the same bookmark id. */
const BOOKMARK_ID_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** One bookmark per member and item on every device. */
export function bookmarkId(userId: string, type: BookmarkableType, entityId: string): string {
  return uuidv5(`bookmark:${userId}:${type}:${entityId}`, BOOKMARK_ID_NAMESPACE);
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
