import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { hasPulled, markPulled, onPulled } from '@/db/first-pull';
import { holdPendingInsert, holdPendingPatch, holdPendingRemove, releasePendingInsert, replayPendingInserts, replayPendingPatches } from '@/db/pending-inserts';
import { recordWrite } from '@/db/outbox';
import { clearPrivateDeviceData } from '@/lib/device-storage';
import { testDatabase } from './db-support/memory-db';
import { replyDoc } from './db-support/reply-doc';

/** localStorage as the browser has it; Node has none. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

let db: AppDatabase | undefined;
beforeEach(() => {
  (globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage();
});
afterEach(async () => {
  await db?.close();
  db = undefined;
  delete (globalThis as { localStorage?: Storage }).localStorage;
});

const reply = (content: string) => replyDoc(content);

describe('inserts held while IndexedDB writes them', () => {
  it('a reply whose page went away before the store had it is written when the store next opens, queued to send', async () => {
    const lost = reply('said just before leaving');
    holdPendingInsert('posts', lost);
    db = await testDatabase();
    expect(await replayPendingInserts(db)).toBe(1);
    expect((await db.posts.findOne(lost.id).exec())?.content).toBe('said just before leaving');
    expect((await db.outbox.findOne(`posts:${lost.id}`).exec())?.state).toBe('waiting');
    // Written once: a second start has nothing left to write.
    expect(await replayPendingInserts(db)).toBe(0);
  });

  it('a reply that reached the store without its outbox entry (the page went away between the two writes) is shown as waiting', async () => {
    db = await testDatabase();
    const landed = reply('stored, then the page went away');
    holdPendingInsert('posts', landed);
    // The row committed as the page died: written to storage directly, so no outbox hook ran.
    await db.posts.bulkInsert([landed]);
    await db.outbox.findOne(`posts:${landed.id}`).remove();
    expect(await db.outbox.findOne(`posts:${landed.id}`).exec()).toBeNull();
    expect(await replayPendingInserts(db)).toBe(0);
    expect((await db.outbox.findOne(`posts:${landed.id}`).exec())?.state).toBe('waiting');
  });

  it('a reply the store already has (or had and removed) is not written again', async () => {
    db = await testDatabase();
    const stored = reply('stored before leaving');
    await db.posts.insert(stored);
    const removed = reply('stored, then deleted by the member');
    await db.posts.insert(removed);
    await (await db.posts.findOne(removed.id).exec())!.remove();
    holdPendingInsert('posts', stored);
    holdPendingInsert('posts', removed);
    expect(await replayPendingInserts(db)).toBe(0);
    expect(await db.posts.findOne(removed.id).exec()).toBeNull();
  });

  it('a released hold is never replayed, and signing out forgets every hold', async () => {
    const sent = reply('stored normally');
    holdPendingInsert('posts', sent);
    releasePendingInsert(sent.id);
    holdPendingInsert('posts', reply('of a member who signed out'));
    clearPrivateDeviceData();
    db = await testDatabase();
    expect(await replayPendingInserts(db)).toBe(0);
    expect(await db.posts.count().exec()).toBe(0);
  });
});

describe('patches held while IndexedDB writes them', () => {
  it('an edit whose page went away before the store had it is applied when the store next opens, queued to send', async () => {
    db = await testDatabase();
    const post = reply('before the edit');
    await db.posts.bulkInsert([post]);
    holdPendingPatch('posts', post.id, { content: 'edited just before leaving', updated_at: '2026-01-02T00:00:00.000Z' });
    expect(await replayPendingPatches(db)).toBe(1);
    expect((await db.posts.findOne(post.id).exec())?.content).toBe('edited just before leaving');
    expect((await db.outbox.findOne(`posts:${post.id}`).exec())?.state).toBe('waiting');
    expect(await replayPendingPatches(db)).toBe(0);
  });

  it("a later edit's hold outlives the release of an earlier one of the same row, and carries both", async () => {
    db = await testDatabase();
    const post = reply('first text');
    await db.posts.bulkInsert([post]);
    const releaseFirst = holdPendingPatch('posts', post.id, { content: 'second text' });
    holdPendingPatch('posts', post.id, { is_solution: true });
    releaseFirst();
    expect(await replayPendingPatches(db)).toBe(1);
    const doc = await db.posts.findOne(post.id).exec();
    expect([doc?.content, doc?.is_solution]).toEqual(['second text', true]);
  });

  it('a patch the store already has is not applied again, but is shown waiting if its entry was lost; a row gone stays gone', async () => {
    db = await testDatabase();
    const landed = reply('edited, then the page went away');
    const gone = reply('deleted meanwhile');
    await db.posts.bulkInsert([landed, gone]);
    await (await db.posts.findOne(gone.id).exec())!.remove();
    await db.outbox.find().remove();
    holdPendingPatch('posts', landed.id, { content: landed.content });
    holdPendingPatch('posts', gone.id, { content: 'revived?' });
    expect(await replayPendingPatches(db)).toBe(0);
    expect((await db.outbox.findOne(`posts:${landed.id}`).exec())?.state).toBe('waiting');
    expect(await db.posts.findOne(gone.id).exec()).toBeNull();
  });

  it('a patch that fails leaves the outbox entry as it was', async () => {
    db = await testDatabase();
    const post = reply('sent long ago');
    await db.posts.bulkInsert([post]);
    await db.outbox.find().remove();
    const write = { collection: 'posts' as const, id: post.id, op: 'update' as const, columns: { content: 'x' }, previous: {}, base: null };
    await expect(recordWrite(db, write, () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await db.outbox.findOne(`posts:${post.id}`).exec()).toBeNull();
  });
});

function like(postId: string, userId: string) {
  return { id: crypto.randomUUID(), post_id: postId, user_id: userId, reaction_type: 'like', created_at: new Date().toISOString() };
}

describe('removals held while IndexedDB writes them', () => {
  it('a delete whose page went away before the store had it is applied when the store next opens, queued to send', async () => {
    db = await testDatabase();
    const post = reply('deleted just before leaving');
    await db.posts.bulkInsert([post]);
    await db.outbox.find().remove();
    holdPendingRemove('posts', post.id);
    expect(await replayPendingPatches(db)).toBe(1);
    expect(await db.posts.findOne(post.id).exec()).toBeNull();
    expect((await db.outbox.findOne(`posts:${post.id}`).exec())?.state).toBe('waiting');
    expect(await replayPendingPatches(db)).toBe(0);
  });

  it('a delete that reached the store without its outbox entry is shown waiting; a released one is never replayed', async () => {
    db = await testDatabase();
    const removed = reply('removed, then the page went away');
    const done = reply('removed normally');
    await db.posts.bulkInsert([removed, done]);
    await (await db.posts.findOne(removed.id).exec())!.remove();
    await db.outbox.find().remove();
    holdPendingRemove('posts', removed.id);
    holdPendingRemove('posts', done.id)();
    expect(await replayPendingPatches(db)).toBe(0);
    expect((await db.outbox.findOne(`posts:${removed.id}`).exec())?.state).toBe('waiting');
    expect(await db.posts.findOne(done.id).exec()).not.toBeNull();
  });

  it('deleting a reply still held as an insert drops the insert: it is not brought back', async () => {
    db = await testDatabase();
    const post = reply('sent and deleted within a moment');
    holdPendingInsert('posts', post);
    holdPendingRemove('posts', post.id);
    await replayPendingInserts(db);
    await replayPendingPatches(db);
    expect(await db.posts.findOne(post.id).exec()).toBeNull();
  });

  it('a like held over an earlier unlike of the same row comes back, and the unlike held before it is forgotten', async () => {
    db = await testDatabase();
    const row = like(crypto.randomUUID(), crypto.randomUUID());
    await db.reactions.insert(row);
    await (await db.reactions.findOne(row.id).exec())!.remove();
    await db.outbox.find().remove();
    holdPendingRemove('reactions', row.id);
    holdPendingInsert('reactions', row, { revive: true });
    expect(await replayPendingInserts(db)).toBe(1);
    expect(await replayPendingPatches(db)).toBe(0);
    expect(await db.reactions.findOne(row.id).exec()).not.toBeNull();
    expect((await db.outbox.findOne(`reactions:${row.id}`).exec())?.state).toBe('waiting');
  });

  it('an unlike held after a like of the same row wins', async () => {
    db = await testDatabase();
    const row = like(crypto.randomUUID(), crypto.randomUUID());
    holdPendingInsert('reactions', row, { revive: true });
    await db.reactions.insert(row);
    holdPendingRemove('reactions', row.id);
    await replayPendingInserts(db);
    await replayPendingPatches(db);
    expect(await db.reactions.findOne(row.id).exec()).toBeNull();
  });
});

describe('first pull mark', () => {
  it('is false until the first pull answered, and clearing the device starts over', async () => {
    expect(hasPulled('discussions')).toBe(false);
    let told = 0;
    const stop = onPulled(() => told++);
    markPulled('discussions');
    expect(hasPulled('discussions')).toBe(true);
    expect(told).toBe(1);
    // Marked already: nobody is told again.
    markPulled('discussions');
    expect(told).toBe(1);
    stop();
    markPulled('profiles');
    expect(told).toBe(1);
    clearPrivateDeviceData();
    expect(hasPulled('discussions')).toBe(false);
  });
});
