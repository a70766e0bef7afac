import { describe, expect, it } from 'vitest';
import { keptDiscussionIds } from '@/db/replication/kept-threads';
import { testDatabase } from './db-support/memory-db';
import { nextModified } from './db-support/stub-remote';
import { deviceClosedAfterEach, stubSync, until } from './db-support/sync';

const device = deviceClosedAfterEach();

function visit(id: string) {
  return { id: `visited:discussion:${id}`, reason: 'visited' as const, entity_type: 'discussion' as const, entity_id: id, pinned_at: new Date().toISOString() };
}

function post(discussionId: string) {
  const ts = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    discussion_id: discussionId,
    user_id: crypto.randomUUID(),
    content: 'hello',
    created_at: ts,
    updated_at: ts,
    is_solution: false,
    _modified: nextModified(),
  };
}

describe('thread ids in pull filters', () => {
  it('a malformed id a device stored before ids were checked never reaches a filter and is dropped from the device', async () => {
    const db = (device.db = await testDatabase());
    const good = crypto.randomUUID();
    await db.pinned.bulkInsert([visit('nope'), visit(good), { ...visit('abc'), id: 'keep_offline:discussion:abc', reason: 'keep_offline' as const }]);
    expect(await keptDiscussionIds(db, null)).toEqual([good]);
    expect((await db.pinned.find().exec()).map((d) => d.entity_id)).toEqual([good]);
  });

  it('ensureThread refuses a malformed id without recording a visit', async () => {
    const db = (device.db = await testDatabase());
    const s = stubSync(db, null, ['posts']);
    device.sync = s.sync;
    await expect(s.sync.ensureThread('nope')).rejects.toThrow();
    expect(await db.pinned.count().exec()).toBe(0);
  });

  it('a thread id the server refuses is found, dropped and the rest of the posts keep arriving', async () => {
    const db = (device.db = await testDatabase());
    const good = crypto.randomUUID();
    const refused = crypto.randomUUID();
    await db.pinned.bulkInsert([visit(good), visit(refused)]);
    const s = stubSync(db, null, ['posts']);
    device.sync = s.sync;
    const posts = s.table('posts');
    posts.refusedTerms.add(refused);
    const arrived = posts.put(post(good));
    s.sync.resync();
    await until(async () => (await db.posts.findOne(String(arrived.id)).exec()) !== null);
    expect((await db.pinned.find().exec()).map((d) => d.entity_id)).toEqual([good]);
    // Later posts keep arriving too.
    const later = posts.put(post(good));
    s.sync.resync();
    await until(async () => (await db.posts.findOne(String(later.id)).exec()) !== null);
  });
});
