import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { classifyFailure } from '@/db/replication/errors';
import type { SyncHandle } from '@/db/replication/sync';
import { testDatabase } from './db-support/memory-db';
import { stubSync, until } from './db-support/sync';

const REMOVED = 'This discussion does not exist or has been removed.';
const me = crypto.randomUUID();
const thread = crypto.randomUUID();

let db: AppDatabase;
let sync: SyncHandle | undefined;
afterEach(async () => {
  await sync?.stop();
  await db?.close();
});

function replyDoc(content: string) {
  return { id: crypto.randomUUID(), discussion_id: thread, user_id: me, content, is_solution: false, created_at: new Date().toISOString() };
}

describe('what a push failure means', () => {
  it.each([
    [400, 'P0001', 'permanent'],
    [403, '42501', 'permanent'],
    [404, 'PT404', 'permanent'],
    [409, '23514', 'permanent'],
    [401, 'PGRST301', 'transient'],
    [408, undefined, 'transient'],
    [429, undefined, 'transient'],
    [500, 'P0002', 'transient'],
    [503, undefined, 'transient'],
    [0, undefined, 'transient'],
  ])('HTTP %i (%s) is %s', (status, code, kind) => {
    expect(classifyFailure({ code, message: 'refused' }, status).kind).toBe(kind);
  });

  it('a reply to a thread removed meanwhile, answered 404, becomes a draft and leaves the queue', async () => {
    db = await testDatabase();
    const s = stubSync(db, me, ['posts']);
    sync = s.sync;
    const posts = s.table('posts');
    await sync.awaitInSync();
    const doc = replyDoc('for a thread that is gone');
    posts.scripted.set(doc.id, [{ error: { code: 'PT404', message: REMOVED }, status: 404 }]);
    await db.posts.insert(doc);
    await until(async () => (await db.outbox.findOne(`posts:${doc.id}`).exec())?.state === 'rejected');
    const draft = await db.drafts.findOne(`rejected:posts:${doc.id}`).exec();
    expect(draft?.content).toBe('for a thread that is gone');
    expect(draft?.reason).toBe(REMOVED);
    expect(posts.inserts).toHaveLength(0);
  });

  it('a 5xx answer is retried with back-off and the reply lands once, when the server recovers', async () => {
    db = await testDatabase();
    const s = stubSync(db, me, ['posts']);
    sync = s.sync;
    const posts = s.table('posts');
    await sync.awaitInSync();
    const doc = replyDoc('sent after an outage');
    posts.scripted.set(doc.id, [
      { error: { code: 'XX000', message: 'internal error' }, status: 500 },
      { error: { message: 'bad gateway' }, status: 502 },
    ]);
    await db.posts.insert(doc);
    await until(async () => (await db.outbox.findOne(`posts:${doc.id}`).exec())?.state === 'sent');
    expect(posts.inserts.map((r) => r.content)).toEqual(['sent after an outage']);
    expect(await db.drafts.count().exec()).toBe(0);
  });
});
