import { describe, expect, it } from 'vitest';
import type { PageRequest } from '@/db/replication/remote-table';
import { startSync } from '@/db/replication/sync';
import { testDatabase } from './db-support/memory-db';
import { StubTable } from './db-support/stub-remote';
import { deviceClosedAfterEach, stubSyncOptions } from './db-support/sync';

const device = deviceClosedAfterEach();

/** The posts table, counting requests for one whole thread (the backfill of a thread the device lacks). */
class CountingPosts extends StubTable {
  threadFetches = 0;

  override async selectPage(request: PageRequest) {
    if (request.conditions.some((c) => c.startsWith('discussion_id.eq.'))) this.threadFetches++;
    return super.selectPage(request);
  }
}

describe('posts of kept threads', () => {
  it('a first pull that brings a whole kept thread in its last page does not fetch that thread again', async () => {
    const db = (device.db = await testDatabase());
    const thread = crypto.randomUUID();
    const now = new Date().toISOString();
    // The device already holds the thread's header (the discussions pulled first), not its posts.
    await db.discussions.insert({
      id: thread,
      user_id: crypto.randomUUID(),
      title: 'kept',
      category: 'general',
      is_pinned: false,
      is_locked: false,
      created_at: now,
      last_activity_at: now,
      post_count: 30,
    });
    const posts = new CountingPosts('posts');
    for (let i = 0; i < 30; i++)
      posts.put({ id: crypto.randomUUID(), discussion_id: thread, user_id: crypto.randomUUID(), content: `post ${i}`, created_at: now, is_solution: false });
    const sync = (device.sync = startSync({ ...stubSyncOptions(db, () => posts), userId: null, collections: ['posts'] }));
    await sync.whenStoreReady();

    expect(await db.posts.count({ selector: { discussion_id: thread } }).exec()).toBe(30);
    expect(posts.threadFetches).toBe(0);
  }, 30_000);
});
