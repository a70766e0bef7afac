import { createRevision } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { SYNC_MESSAGES } from '@/db/messages';
import type { SyncHandle } from '@/db/replication/sync';
import { insertLocal } from '@/db/writes';
import { editPost } from '@/features/discussions/model/writes';
import { testDatabase } from './db-support/memory-db';
import { stubSync, until } from './db-support/sync';

const LOCKED = 'This discussion is locked. No new replies can be added.';
const me = crypto.randomUUID();
const thread = crypto.randomUUID();

let db: AppDatabase;
let sync: SyncHandle | undefined;
afterEach(async () => {
  await sync?.stop();
  await db?.close();
});

async function setup() {
  db = await testDatabase();
  const s = stubSync(db, me, ['posts']);
  sync = s.sync;
  return s.table('posts');
}

const reply = (content: string) => insertLocal(db, 'posts', { discussion_id: thread, user_id: me, content, is_solution: false });

describe('push', () => {
  it('a permanent rejection becomes a draft with the reason and the rest of the batch lands', async () => {
    const posts = await setup();
    await sync!.awaitInSync();
    const a = crypto.randomUUID();
    posts.scripted.set(a, [{ error: { code: 'P0001', message: LOCKED }, status: 400 }]);
    await db.posts.bulkInsert([
      { id: a, discussion_id: thread, user_id: me, content: 'rejected reply', is_solution: false, created_at: new Date().toISOString() },
      { id: crypto.randomUUID(), discussion_id: thread, user_id: me, content: 'fine reply', is_solution: false, created_at: new Date().toISOString() },
    ]);
    await until(async () => (await db.outbox.findOne(`posts:${a}`).exec())?.state === 'rejected');
    await sync!.awaitInSync();

    expect(posts.inserts.map((r) => r.content)).toEqual(['fine reply']);
    expect(await db.posts.findOne(a).exec()).toBeNull();
    const draft = await db.drafts.findOne(`rejected:posts:${a}`).exec();
    expect(draft?.kind).toBe('rejected');
    expect(draft?.key).toBe(thread);
    expect(draft?.content).toBe('rejected reply');
    expect(draft?.reason).toBe(LOCKED);
    expect((await db.outbox.findOne(`posts:${a}`).exec())?.reason).toBe(LOCKED);
    const states = (await db.outbox.find().exec()).map((e) => e.state).sort();
    expect(states).toEqual(['rejected', 'sent']);
  });

  it('moves a reply from waiting to sent once the server is reachable, sending it once', async () => {
    const posts = await setup();
    await sync!.awaitInSync();
    posts.offline = true;
    const doc = await reply('written offline');
    await new Promise((r) => setTimeout(r, 200));
    expect((await db.outbox.findOne(`posts:${doc.id}`).exec())?.state).toBe('waiting');
    posts.offline = false;
    await until(async () => (await db.outbox.findOne(`posts:${doc.id}`).exec())?.state === 'sent');
    expect(posts.inserts.filter((r) => r.id === doc.id)).toHaveLength(1);
  });

  it('a write waiting to be retried is not sent once the replication stopped (a sign-out that dropped it)', async () => {
    const posts = await setup();
    await sync!.awaitInSync();
    posts.offline = true;
    const doc = await reply('dropped at sign-out');
    await new Promise((r) => setTimeout(r, 200));
    const stopping = sync!;
    sync = undefined;
    await stopping.stop();
    posts.offline = false;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(posts.inserts.filter((r) => r.id === doc.id)).toHaveLength(0);
  });

  it('treats a server error as transient and a foreign-key miss as worth retrying', async () => {
    const posts = await setup();
    await sync!.awaitInSync();
    const id = crypto.randomUUID();
    posts.scripted.set(id, [
      { error: { message: 'upstream unavailable' }, status: 503 },
      { error: { code: '23503', message: 'violates foreign key constraint' }, status: 409 },
    ]);
    await db.posts.insert({ id, discussion_id: thread, user_id: me, content: 'eventually', is_solution: false, created_at: new Date().toISOString() });
    await until(async () => (await db.outbox.findOne(`posts:${id}`).exec())?.state === 'sent');
    expect(posts.rows.get(id)?.content).toBe('eventually');
    expect(await db.drafts.count().exec()).toBe(0);
  });

  it('a second push of an already stored row is idempotent', async () => {
    const posts = await setup();
    await sync!.awaitInSync();
    const id = crypto.randomUUID();
    // The first push landed but its answer was lost: the row is there already.
    posts.put({ id, discussion_id: thread, user_id: me, content: 'once', is_solution: false, created_at: new Date().toISOString() });
    await db.posts.insert({ id, discussion_id: thread, user_id: me, content: 'once', is_solution: false, created_at: new Date().toISOString() });
    await until(async () => (await db.outbox.findOne(`posts:${id}`).exec())?.state === 'sent');
    expect(posts.inserts).toHaveLength(0);
    expect(posts.updates).toHaveLength(0);
    expect(await db.drafts.count().exec()).toBe(0);
  });

  it('the same post edited elsewhere: server wins on every device and the local text is kept as a conflict draft', async () => {
    const posts = await setup();
    const id = crypto.randomUUID();
    posts.put({ id, discussion_id: thread, user_id: me, content: 'original', is_solution: false, created_at: new Date().toISOString(), reactions_summary: {} });
    await sync!.ensureThread(thread);
    expect((await db.posts.findOne(id).exec())?.content).toBe('original');

    posts.offline = true;
    await editPost(db, id, 'my edit');
    const row = posts.rows.get(id)!;
    posts.put({ ...row, content: 'their edit', _modified: undefined });
    posts.offline = false;

    await until(async () => (await db.posts.findOne(id).exec())?.content === 'their edit');
    await sync!.awaitInSync();
    expect(posts.rows.get(id)?.content).toBe('their edit');
    const draft = await db.drafts.findOne(`conflict:posts:${id}`).exec();
    expect(draft?.content).toBe('my edit');
    expect(draft?.reason).toBe(SYNC_MESSAGES.conflict);
    expect((await db.outbox.findOne(`posts:${id}`).exec())?.state).toBe('conflict');
  });

  it('an edit to a field the server did not touch is merged, not a conflict', async () => {
    const posts = await setup();
    const id = crypto.randomUUID();
    posts.put({ id, discussion_id: thread, user_id: me, content: 'original', is_solution: false, created_at: new Date().toISOString(), reactions_summary: {} });
    await sync!.ensureThread(thread);

    posts.offline = true;
    await editPost(db, id, 'my edit');
    // Someone liked the post meanwhile: a trigger changed reactions_summary and _modified.
    posts.put({ ...posts.rows.get(id)!, reactions_summary: { like: 1 }, _modified: undefined });
    posts.offline = false;

    await until(async () => (await db.outbox.findOne(`posts:${id}`).exec())?.state === 'sent');
    expect(posts.rows.get(id)).toMatchObject({ content: 'my edit', reactions_summary: { like: 1 } });
    await until(async () => (await db.posts.findOne(id).exec())?.reactions_summary?.like === 1);
    expect(await db.drafts.count().exec()).toBe(0);
  });

  it('an update the server filters out silently (row-level security) is rejected and reverted', async () => {
    const posts = await setup();
    const id = crypto.randomUUID();
    const other = crypto.randomUUID();
    posts.put({ id, discussion_id: thread, user_id: other, content: 'theirs', is_solution: false, created_at: new Date().toISOString() });
    await sync!.ensureThread(thread);
    // Row-level security filters the UPDATE: no error, no row, and the row's version is unchanged.
    posts.update = async () => ({ data: null, error: null, status: 200 });
    await editPost(db, id, 'vandalised');
    await until(async () => (await db.outbox.findOne(`posts:${id}`).exec())?.state === 'rejected');
    await until(async () => (await db.posts.findOne(id).exec())?.content === 'theirs');
    expect((await db.drafts.findOne(`rejected:posts:${id}`).exec())?.reason).toBe(SYNC_MESSAGES.permissionDenied);
  });

  it('a row pulled without its server state recorded (a pull stopped mid-write) is neither inserted nor reverted', async () => {
    const posts = await setup();
    await sync!.awaitInSync();
    const other = crypto.randomUUID();
    const pulled = posts.put({
      id: crypto.randomUUID(),
      discussion_id: thread,
      user_id: other,
      content: 'as pulled',
      is_solution: false,
      created_at: new Date().toISOString(),
    });
    const now = posts.put({ ...pulled, content: 'edited on the server since', _modified: undefined });
    // Row-level security would refuse the member inserting another member's post.
    posts.scripted.set(String(pulled.id), [{ error: { code: '42501', message: 'new row violates row-level security policy' }, status: 403 }]);
    await writeWithoutServerState({ ...pulled, server_modified: pulled._modified });

    await until(async () => (await db.posts.findOne(String(pulled.id)).exec())?.content === now.content);
    await sync!.awaitInSync();
    expect(posts.inserts).toHaveLength(0);
    expect(await db.drafts.count().exec()).toBe(0);
    expect(await db.outbox.count().exec()).toBe(0);
  });

  it('the member’s edit to such a row still reaches the server', async () => {
    const posts = await setup();
    await sync!.awaitInSync();
    const pulled = posts.put({
      id: crypto.randomUUID(),
      discussion_id: thread,
      user_id: me,
      content: 'as pulled',
      is_solution: false,
      created_at: new Date().toISOString(),
    });
    await writeWithoutServerState({ ...pulled, server_modified: pulled._modified });
    await editPost(db, String(pulled.id), 'my edit');

    await until(async () => (await db.outbox.findOne(`posts:${String(pulled.id)}`).exec())?.state === 'sent');
    expect(posts.rows.get(String(pulled.id))?.content).toBe('my edit');
    expect(posts.inserts).toHaveLength(0);
    expect(await db.drafts.count().exec()).toBe(0);
  });
});

/** Writes a pulled row the way an interrupted pull leaves it: in the collection, with no record of the server's state. */
async function writeWithoutServerState(row: Record<string, unknown>): Promise<void> {
  const { _modified: _dropped, ...doc } = row;
  const document = { ...doc, _deleted: false, _attachments: {}, _meta: { lwt: Date.now() }, _rev: createRevision(db.token) };
  await db.posts.storageInstance.bulkWrite([{ document: document as never }], 'interrupted-pull');
}
