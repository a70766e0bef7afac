import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { BOOKMARK_MESSAGES } from '@/db/messages';
import { bookmarkId } from '@/db/ids';
import { pinForOffline, removeBookmark, saveBookmark } from '@/db/pinning';
import { keptDiscussionIds } from '@/db/replication/kept-threads';
import type { SyncHandle } from '@/db/replication/sync';
import { BOOKMARK_NOTE_MAX } from '@/db/schemas/pinned';
import { testDatabase } from './db-support/memory-db';
import { deviceClosedAfterEach, stubSync, until } from './db-support/sync';

const me = crypto.randomUUID();

const current = deviceClosedAfterEach();
let db: AppDatabase;
let sync: SyncHandle | undefined;

/** A device of `me` replicating bookmarks against a stub table that may already hold rows. */
async function device(rows: Record<string, unknown>[] = []) {
  db = current.db = await testDatabase();
  const started = stubSync(db, me, ['pinned'], { bookmarks: rows });
  sync = current.sync = started.sync;
  await sync.awaitInSync();
  return started.table('bookmarks');
}

describe('bookmarks in the pinned collection', () => {
  it("go to the member's bookmarks table with note and reminder, and their removal follows; pins and visits never leave the device", async () => {
    const bookmarks = await device();
    const thread = crypto.randomUUID();
    const remindAt = new Date(Date.now() + 3_600_000).toISOString();
    await saveBookmark(db, me, { type: 'discussion', entityId: thread, note: '  Gear list for Friday ', remindAt });
    const id = bookmarkId(me, 'discussion', thread);
    await until(() => bookmarks.rows.get(id)?.note === 'Gear list for Friday');
    expect(bookmarks.inserts).toEqual([
      expect.objectContaining({ id, user_id: me, entity_type: 'discussion', entity_id: thread, note: 'Gear list for Friday', remind_at: remindAt }),
    ]);

    await pinForOffline(db, 'discussion', crypto.randomUUID());
    // A visit, as opening a thread records it (this replication keeps no posts, so it is written as the visit writes it).
    const visited = crypto.randomUUID();
    await db.pinned.insert({
      id: `visited:discussion:${visited}`,
      reason: 'visited',
      entity_type: 'discussion',
      entity_id: visited,
      pinned_at: new Date().toISOString(),
    });
    await removeBookmark(db, id);
    await until(() => bookmarks.rows.get(id)?._deleted === true);
    await sync!.awaitInSync();
    expect(bookmarks.inserts.map((row) => row.id)).toEqual([id]);
    const kept = await db.pinned.find().exec();
    expect(kept.filter((doc) => doc.reason !== 'bookmark')).toHaveLength(2);
  });

  it("a bookmark made on another device arrives; a bookmarked post's thread is kept on the device", async () => {
    const thread = crypto.randomUUID();
    const post = crypto.randomUUID();
    const created = new Date(Date.now() - 60_000).toISOString();
    await device([
      { id: bookmarkId(me, 'post', post), user_id: me, entity_type: 'post', entity_id: post, discussion_id: thread, note: 'That EQ tip', created_at: created },
    ]);
    await until(async () => (await db.pinned.findOne(bookmarkId(me, 'post', post)).exec()) !== null);
    const doc = (await db.pinned.findOne(bookmarkId(me, 'post', post)).exec())!;
    expect(doc).toMatchObject({ reason: 'bookmark', entity_type: 'post', discussion_id: thread, note: 'That EQ tip', pinned_at: created });
    expect(await keptDiscussionIds(db, me)).toContain(thread);
  });

  it('refuses a reminder in the past and a note over the limit with their messages, storing nothing', async () => {
    await device();
    const thread = crypto.randomUUID();
    await expect(saveBookmark(db, me, { type: 'discussion', entityId: thread, remindAt: new Date(Date.now() - 1000).toISOString() })).rejects.toThrow(
      BOOKMARK_MESSAGES.pastReminder,
    );
    await expect(saveBookmark(db, me, { type: 'discussion', entityId: thread, note: 'x'.repeat(BOOKMARK_NOTE_MAX + 1) })).rejects.toThrow(
      BOOKMARK_MESSAGES.noteTooLong(BOOKMARK_NOTE_MAX),
    );
    expect(await db.pinned.count().exec()).toBe(0);
  });
});
