import { describe, expect, it } from 'vitest';
import type { PageRequest } from '@/db/replication/remote-table';
import { MAX_PAGE } from '@/db/replication/pull';
import { startSync } from '@/db/replication/sync';
import { testDatabase } from './db-support/memory-db';
import { StubTable } from './db-support/stub-remote';
import { deviceClosedAfterEach, stubSyncOptions } from './db-support/sync';

const me = crypto.randomUUID();
const mine = crypto.randomUUID();
const linked = crypto.randomUUID();

const device = deviceClosedAfterEach();

/**
 * The posts table as PostgREST filters it: the checkpointed pull's scope
 * holds the member's own posts, a thread fetch gets only that thread. The
 * second forward page of the pull waits until the test lets it go.
 */
class GatedPosts extends StubTable {
  readonly linkedThread = new StubTable('posts');
  forwardPages = 0;
  threadFetched = false;
  private release: () => void = () => undefined;
  private readonly gate = new Promise<void>((resolve) => {
    this.release = resolve;
  });

  open(): void {
    this.release();
  }

  override async selectPage(request: PageRequest) {
    if (request.conditions.includes(`discussion_id.eq.${linked}`)) {
      this.threadFetched = true;
      return this.linkedThread.selectPage(request);
    }
    if (!request.columns && ++this.forwardPages === 2) await this.gate;
    return super.selectPage(request);
  }
}

function post(discussionId: string, userId: string, content: string) {
  return { id: crypto.randomUUID(), discussion_id: discussionId, user_id: userId, content, created_at: new Date().toISOString(), is_solution: false };
}

describe('rows handed to replication outside the checkpointed order', () => {
  it('a thread opened while a long first pull is running still lands on the device', async () => {
    const db = (device.db = await testDatabase());
    const posts = new GatedPosts('posts');
    // More than two pull batches of the member's own posts, so RxDB's first pull asks the server three times.
    const own = 2 * MAX_PAGE + 100;
    for (let i = 0; i < own; i++) posts.put(post(mine, me, `mine ${i}`));
    const linkedPost = posts.linkedThread.put(post(linked, crypto.randomUUID(), 'the reply the notification links to'));
    const sync = (device.sync = startSync({ ...stubSyncOptions(db, () => posts), userId: me, collections: ['posts'] }));
    const opened = sync.ensureThread(linked);
    await expect.poll(() => posts.threadFetched && posts.forwardPages >= 2, { timeout: 15_000 }).toBe(true);
    // Let the thread's rows reach RxDB's queue while the pull is still between its pages.
    await new Promise((resolve) => setTimeout(resolve, 100));
    posts.open();
    await opened;

    expect(await db.posts.count({ selector: { discussion_id: mine } }).exec()).toBe(own);
    expect((await db.posts.findOne(String(linkedPost.id)).exec())?.content).toBe('the reply the notification links to');
  }, 30_000);
});
