import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { isPinned, pinForOffline, unpin } from '@/db/pinning';
import { keptDiscussionIds } from '@/db/replication/kept-threads';
import { getStorageUsage } from '@/db/storage';
import { insertLocal } from '@/db/writes';
import { testDatabase } from './db-support/memory-db';

let db: AppDatabase;
afterEach(async () => {
  await db?.close();
});

describe('what the device keeps', () => {
  it('keeps pinned, visited, participated and recently active threads, and nothing else', async () => {
    db = await testDatabase();
    const me = crypto.randomUUID();
    const [pinned, visited, participated, recent, old] = Array.from({ length: 5 }, () => crypto.randomUUID());
    const long = new Date(Date.now() - 90 * 24 * 3600 * 1000).toISOString();
    const fresh = new Date().toISOString();
    for (const [id, at] of [
      [recent, fresh],
      [old, long],
    ] as const) {
      await db.discussions.insert({
        id,
        user_id: crypto.randomUUID(),
        title: 't',
        category: 'c',
        is_pinned: false,
        is_locked: false,
        created_at: at,
        last_activity_at: at,
        post_count: 0,
      });
    }
    await pinForOffline(db, 'discussion', pinned);
    expect(await isPinned(db, 'discussion', pinned)).toBe(true);
    await db.pinned.insert({ id: `visited:discussion:${visited}`, reason: 'visited', entity_type: 'discussion', entity_id: visited, pinned_at: fresh });
    await insertLocal(db, 'posts', { discussion_id: participated, user_id: me, content: 'mine', is_solution: false });

    const kept = await keptDiscussionIds(db, me);
    expect(kept.sort()).toEqual([pinned, visited, participated, recent].sort());
    await unpin(db, 'discussion', pinned);
    expect(await keptDiscussionIds(db, me)).not.toContain(pinned);
  });

  it('reports how many documents the device holds', async () => {
    db = await testDatabase();
    await insertLocal(db, 'posts', { discussion_id: crypto.randomUUID(), user_id: crypto.randomUUID(), content: 'x', is_solution: false });
    const usage = await getStorageUsage(db);
    expect(usage.documents.posts).toBe(1);
    // the post and its outbox entry
    expect(usage.totalDocuments).toBe(2);
  });
});
