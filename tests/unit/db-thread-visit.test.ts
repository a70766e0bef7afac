import { describe, expect, it } from 'vitest';
import type { PageRequest } from '@/db/replication/remote-table';
import { testDatabase } from './db-support/memory-db';
import { nextModified, StubTable } from './db-support/stub-remote';
import { deviceClosedAfterEach, stubSyncOptions } from './db-support/sync';
import { startSync } from '@/db/replication/sync';

const device = deviceClosedAfterEach();

/** A thread last active `daysAgo` days ago: an old one is kept only when visited or pinned. */
function header(id: string, postCount: number, daysAgo = 400) {
  const ts = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  return {
    id,
    user_id: crypto.randomUUID(),
    title: 'Warehouse set times',
    category: 'general',
    is_pinned: false,
    is_locked: false,
    created_at: ts,
    last_activity_at: ts,
    post_count: postCount,
  };
}

function post(discussionId: string, content: string) {
  const ts = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    discussion_id: discussionId,
    user_id: crypto.randomUUID(),
    content,
    created_at: ts,
    updated_at: ts,
    is_solution: false,
    _modified: nextModified(),
  };
}

/** The posts table, counting the requests that ask for one thread's posts (a visit's whole-thread fetch). */
class CountedPosts extends StubTable {
  threadFetches = 0;
  override async selectPage(request: PageRequest) {
    if (request.conditions.some((c) => c.startsWith('discussion_id.eq.'))) this.threadFetches++;
    return super.selectPage(request);
  }
}

async function deviceWith(thread: string, kept: boolean, postCount: number) {
  const db = (device.db = await testDatabase());
  if (kept)
    await db.pinned.insert({
      id: `visited:discussion:${thread}`,
      reason: 'visited',
      entity_type: 'discussion',
      entity_id: thread,
      pinned_at: new Date().toISOString(),
    });
  const discussions = new StubTable('discussions');
  discussions.put(header(thread, postCount));
  const posts = new CountedPosts('posts');
  for (let i = 0; i < postCount; i++) posts.put(post(thread, `post ${i}`));
  const sync = (device.sync = startSync({
    ...stubSyncOptions(db, (table) => (table === 'posts' ? posts : discussions)),
    userId: null,
    collections: ['discussions', 'posts'],
  }));
  await sync.whenStoreReady();
  return { db, sync, posts, discussions };
}

describe('opening a thread', () => {
  it('a thread the device keeps whole is not downloaded again: the pull brings the reply written since', async () => {
    const thread = crypto.randomUUID();
    const { db, sync, posts, discussions } = await deviceWith(thread, true, 3);
    expect(await db.posts.count({ selector: { discussion_id: thread } }).exec()).toBe(3);
    const fetchesBefore = posts.threadFetches;
    const reply = posts.put(post(thread, 'see you at the front'));
    discussions.put(header(thread, 4));

    expect(await sync.ensureThread(thread)).toBe(0);
    expect(posts.threadFetches - fetchesBefore).toBe(0);
    expect((await db.posts.findOne(String(reply.id)).exec())?.content).toBe('see you at the front');
  });

  it('a thread the device does not keep yet comes whole with the open', async () => {
    const thread = crypto.randomUUID();
    const { db, sync, posts } = await deviceWith(thread, false, 3);
    expect(await sync.ensureThread(thread)).toBe(3);
    expect(posts.threadFetches).toBeGreaterThan(0);
    expect(await db.posts.count({ selector: { discussion_id: thread } }).exec()).toBe(3);
  });
});
