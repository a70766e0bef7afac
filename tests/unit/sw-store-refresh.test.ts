import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplicatedCollectionName } from '@/db/collections';
import type { AppDatabase } from '@/db/database';
import { setLocalIdentity } from '@/db/identity';
import type { PageRequest } from '@/db/replication/remote-table';
import { startSync, type SyncHandle } from '@/db/replication/sync';
import { editPost } from '@/features/discussions/model/writes';
import { refreshStore } from '../../sw/store-refresh';
import { testDatabase } from './db-support/memory-db';
import { stubRemotes } from './db-support/stub-remote';
import { stubSyncOptions, until } from './db-support/sync';

const me = crypto.randomUUID();
const someoneElse = crypto.randomUUID();
const kept = crypto.randomUUID();
const notKept = crypto.randomUUID();
const TABLES: ReplicatedCollectionName[] = ['notifications', 'blog_posts', 'discussions', 'posts', 'pinned'];

let db: AppDatabase | undefined;
let sync: SyncHandle | undefined;
afterEach(async () => {
  await sync?.stop();
  await db?.close();
  sync = undefined;
  db = undefined;
});

const at = () => new Date().toISOString();
const thread = (id: string, title: string) => ({
  id,
  user_id: someoneElse,
  title,
  category: 'Events & Gigs',
  is_pinned: false,
  is_locked: false,
  created_at: at(),
  last_activity_at: at(),
  post_count: 1,
});
const post = (discussionId: string, content: string, userId = someoneElse) => ({
  id: crypto.randomUUID(),
  discussion_id: discussionId,
  user_id: userId,
  content,
  created_at: at(),
  is_solution: false,
});
const notification = (preview: string) => ({
  id: crypto.randomUUID(),
  user_id: me,
  type: 'new_reply',
  is_read: false,
  created_at: at(),
  content_preview: preview,
});
const blogPost = (title: string) => ({
  id: crypto.randomUUID(),
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  status: 'published',
  is_featured: false,
  published_at: at(),
  created_at: at(),
});

async function open(name: string) {
  db = await testDatabase({ name });
  setLocalIdentity(db, me);
  return db;
}

function replicate(device: AppDatabase, remote: ReturnType<typeof stubRemotes>['remote']) {
  sync = startSync({ ...stubSyncOptions(device, remote), userId: me, collections: TABLES });
  return sync;
}

async function closeDevice() {
  await sync?.stop();
  await db?.close();
  sync = undefined;
  db = undefined;
}

describe("the worker's periodic refresh of the device's store", () => {
  it('writes what changed since the checkpoints, only for kept threads, never over an unsent change, and the app sends none of it back', async () => {
    const name = `rf${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const server = stubRemotes();
    server.remote('discussions').put(thread(kept, 'Friday'));
    server.remote('discussions').put(thread(notKept, 'Elsewhere'));
    const opening = server.remote('posts').put(post(kept, 'Doors at nine'));
    const mine = server.remote('posts').put(post(kept, 'I bring the decks', me));
    server.remote('notifications').put(notification('first'));
    server.remote('blog_posts').put(blogPost('Older news'));

    // The app opened once: it pulled, the member opened the thread, then edited their post with no signal.
    let device = await open(name);
    await device.pinned.insert({ id: `visited:discussion:${kept}`, reason: 'visited', entity_type: 'discussion', entity_id: kept, pinned_at: at() });
    const running = replicate(device, server.remote);
    await running.awaitInSync();
    await until(async () => (await device.posts.findOne(String(mine.id)).exec()) !== null);
    await sync!.stop();
    sync = undefined;
    await editPost(device, String(mine.id), 'I bring the decks and the cables');
    await closeDevice();

    // Meanwhile, on the server.
    const reply = server.remote('posts').put(post(kept, 'Guest list is full'));
    server.remote('posts').put({ ...opening, content: 'Doors at ten now', _modified: undefined });
    server.remote('posts').put({ ...mine, content: 'I bring the decks (edited elsewhere)', _modified: undefined });
    const elsewhere = server.remote('posts').put(post(notKept, 'Not for this device'));
    const alert = server.remote('notifications').put(notification('second'));
    const news = server.remote('blog_posts').put(blogPost('Fresh news'));
    const asked: Record<string, PageRequest[]> = {};
    const recording = (table: string) => {
      const stub = server.remote(table);
      return Object.assign(Object.create(stub) as typeof stub, {
        selectPage: (request: PageRequest) => {
          (asked[table] ??= []).push(request);
          return stub.selectPage(request);
        },
      });
    };

    const result = await refreshStore({ userId: me, remoteFor: (spec) => recording(spec.table), settings: { indexedDB, IDBKeyRange }, databaseName: name });

    expect(result.notifications).toBe(1);
    expect(result.blog_posts).toBe(1);
    // Posts are asked for the kept threads only, after the device's checkpoint.
    expect(asked.posts).toHaveLength(1);
    expect(asked.posts[0].conditions.join()).toContain(kept);
    expect(asked.posts[0].conditions.join()).not.toContain(notKept);
    expect(asked.posts[0].after).toBeDefined();

    // The next open shows it all with no signal; the member's unsent edit is theirs still.
    device = await open(name);
    const text = async (id: unknown) => (await device.posts.findOne(String(id)).exec())?.content;
    expect(await text(reply.id)).toBe('Guest list is full');
    expect(await text(opening.id)).toBe('Doors at ten now');
    expect(await text(mine.id)).toBe('I bring the decks and the cables');
    expect(await device.notifications.findOne(String(alert.id)).exec()).not.toBeNull();
    expect(await device.blog_posts.findOne(String(news.id)).exec()).not.toBeNull();
    // The stub ignores conditions: the post of the thread not kept arrived only if the worker took what it was not asked for.
    void elsewhere;

    // The app's replication starts on the refreshed store and sends only the member's own edit.
    const before = { posts: server.remote('posts').updates.length, notifications: server.remote('notifications').updates.length };
    // Looked up by id: what the app's replication took for the member's change and checked with the server.
    const checked: string[] = [];
    for (const table of ['posts', 'notifications', 'blog_posts']) {
      const stub = server.remote(table);
      const selectByIds = stub.selectByIds.bind(stub);
      stub.selectByIds = (ids: string[]) => {
        checked.push(...ids);
        return selectByIds(ids);
      };
    }
    replicate(device, server.remote);
    await sync!.awaitInSync();
    await until(async () => (await device.outbox.find({ selector: { state: 'waiting' } }).exec()).length === 0);
    // The member's edit meets the other device's (the app's conflict path, not this test's subject); nothing else is written.
    const postUpdates = server.remote('posts').updates.slice(before.posts);
    expect(postUpdates.filter((u) => u.id !== String(mine.id))).toEqual([]);
    expect(server.remote('posts').inserts).toEqual([]);
    expect(server.remote('notifications').updates.length).toBe(before.notifications);
    expect(server.remote('blog_posts').updates).toEqual([]);
    expect(checked.filter((id) => [reply.id, opening.id, alert.id, news.id].includes(id))).toEqual([]);
    expect(await text(reply.id)).toBe('Guest list is full');
    expect(await text(opening.id)).toBe('Doors at ten now');
    expect(await device.notifications.findOne(String(alert.id)).exec()).not.toBeNull();
  });

  it('leaves a table the device never pulled to the app', async () => {
    const name = `rf${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const server = stubRemotes();
    server.remote('notifications').put(notification('never pulled'));
    await open(name);
    await closeDevice();
    const result = await refreshStore({ userId: me, remoteFor: (spec) => server.remote(spec.table), settings: { indexedDB, IDBKeyRange }, databaseName: name });
    expect(result).toEqual({ notifications: 0, blog_posts: 0, discussions: 0, posts: 0 });
  });
});
