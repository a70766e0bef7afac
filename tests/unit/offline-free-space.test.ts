// @vitest-environment happy-dom
import { createRevision, type RxStorage } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { FREE_SPACE_MESSAGES } from '@/db/messages';
import { dropOldestKeptThreads, pinForOffline, saveBookmark, threadsToDrop } from '@/db/pinning';
import { keptDiscussionIds } from '@/db/replication/kept-threads';
import { replicationIdentifier } from '@/db/replication/replication-identifier';
import { assumedStateId, openReplicationMeta } from '@/db/replication/replication-meta';
import { TABLE_SPECS } from '@/db/replication/tables';
import { mutate } from '@/db/mutate';
import { insertLocal } from '@/db/writes';
import { testDatabase } from './db-support/memory-db';
import { replyDoc } from './db-support/reply-doc';

let db: AppDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
  localStorage.clear();
});

const me = crypto.randomUUID();
const someoneElse = crypto.randomUUID();
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

describe('which kept threads "Free space" drops', () => {
  it('takes the threads opened longest ago first, at most the limit, never a spared one', () => {
    const kept = [
      { id: 'new', openedAt: at(1) },
      { id: 'old', openedAt: at(300) },
      { id: 'middle', openedAt: at(60) },
      { id: 'queued', openedAt: at(900) },
    ];
    expect(threadsToDrop(kept, new Set(['queued']), 2)).toEqual(['old', 'middle']);
    expect(threadsToDrop(kept, new Set(['queued']))).toEqual(['old', 'middle', 'new']);
    expect(threadsToDrop(kept, new Set(['new', 'old', 'middle', 'queued']))).toEqual([]);
  });

  it('ranks a thread by the last time it was opened or kept', () => {
    const kept = [
      { id: 'a', openedAt: at(500) },
      { id: 'b', openedAt: at(100) },
      // 'a' was kept offline long ago but opened again a minute ago
      { id: 'a', openedAt: at(1) },
    ];
    expect(threadsToDrop(kept, new Set())).toEqual(['b', 'a']);
  });
});

/** A thread the device keeps: opened `minutesAgo`, with a post by someone else and one of the member's. */
async function keptThread(minutesAgo: number): Promise<{ id: string; theirs: string; mine: string }> {
  const theirs = { ...replyDoc(`their post ${minutesAgo}`, at(minutesAgo + 10)), user_id: someoneElse };
  const mine = { ...replyDoc(`my post ${minutesAgo}`, at(minutesAgo + 5)), user_id: me, discussion_id: theirs.discussion_id };
  await db!.posts.bulkInsert([theirs, mine]);
  await db!.pinned.insert({
    id: `visited:discussion:${theirs.discussion_id}`,
    reason: 'visited',
    entity_type: 'discussion',
    entity_id: theirs.discussion_id,
    pinned_at: at(minutesAgo),
  });
  return { id: theirs.discussion_id, theirs: theirs.id, mine: mine.id };
}

const held = async (id: string) => (await db!.posts.findOne(id).exec()) !== null;

describe('dropping the oldest kept threads from the device', () => {
  it("removes their posts (not the member's own) and keeps bookmarked, queued and drafted threads whole", async () => {
    db = await testDatabase();
    const queued = await keptThread(400);
    const bookmarked = await keptThread(300);
    const drafted = await keptThread(250);
    const old = await keptThread(200);
    const recent = await keptThread(5);
    await insertLocal(db, 'posts', { ...replyDoc('my queued reply'), user_id: me, discussion_id: queued.id });
    await saveBookmark(db, me, { type: 'discussion', entityId: bookmarked.id });
    await db.drafts.insert({ id: crypto.randomUUID(), kind: 'reply', key: drafted.id, content: 'half a reply', user_id: me, updated_at: at(1) });
    // A read point still waiting is the app's bookkeeping, not the member's writing: it does not hold the thread.
    await insertLocal(db, 'discussion_reads', { user_id: me, discussion_id: old.id, last_read_at: at(1), updated_at: at(1) } as never);
    const outboxBefore = (await db.outbox.find().exec()).map((entry) => entry.toJSON());
    // What replication recorded as the server's state of a post pulled earlier (its text included).
    const meta = () =>
      openReplicationMeta(db!.storage as RxStorage<unknown, unknown>, {
        databaseName: db!.name,
        collectionName: 'posts',
        schema: db!.posts.schema.jsonSchema,
        identifier: replicationIdentifier(TABLE_SPECS.posts, me),
        token: db!.token,
        settings: {},
      });
    const before = await meta();
    const pulledState = (id: string) => ({
      id: assumedStateId(id),
      isCheckpoint: '0' as const,
      itemId: id,
      docData: { id, content: 'as the server had it', _deleted: false },
      _deleted: false,
      _attachments: {},
      _meta: { lwt: Date.now() },
      _rev: createRevision(db!.token),
    });
    await before.bulkWrite([{ document: pulledState(old.theirs) }, { document: pulledState(queued.theirs) }], 'test');
    await before.close();

    const freed = await dropOldestKeptThreads(db, me);

    expect(freed).toMatchObject({ threads: 2, posts: 2 });
    expect(freed.bytes).toBeGreaterThan(0);
    for (const thread of [old, recent]) {
      expect(await held(thread.theirs)).toBe(false);
      expect(await held(thread.mine)).toBe(true);
    }
    for (const thread of [queued, bookmarked, drafted]) expect(await held(thread.theirs)).toBe(true);
    // Removed for good, not left as deletions for replication to send: no tombstone, no new outbox record.
    const stored = await db.posts.storageInstance.findDocumentsById([old.theirs, recent.theirs], true);
    expect(stored).toEqual([]);
    expect((await db.outbox.find().exec()).map((entry) => entry.toJSON())).toEqual(outboxBefore);
    const after = await meta();
    expect((await after.findDocumentsById([assumedStateId(old.theirs), assumedStateId(queued.theirs)], true)).map((doc) => doc.itemId)).toEqual([
      queued.theirs,
    ]);
    await after.close();

    // The member's own posts no longer keep the dropped threads; opening one again does.
    const kept = await keptDiscussionIds(db, me);
    expect(kept).toEqual(expect.arrayContaining([queued.id, bookmarked.id, drafted.id]));
    expect(kept).not.toContain(old.id);
    expect(kept).not.toContain(recent.id);
    await pinForOffline(db, 'discussion', old.id);
    expect(await keptDiscussionIds(db, me)).toContain(old.id);
  });

  it('drops nothing while a deleted post waits to be sent, and says why', async () => {
    db = await testDatabase();
    const thread = await keptThread(100);
    const other = await keptThread(50);
    await mutate(db, { op: 'delete', collection: 'posts', id: other.mine });

    await expect(dropOldestKeptThreads(db, me)).rejects.toThrow(FREE_SPACE_MESSAGES.deletionWaiting);
    expect(await held(thread.theirs)).toBe(true);
  });
});
