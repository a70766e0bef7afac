import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { mutate, mutateAll } from '@/db/mutate';
import { TABLE_SPECS } from '@/db/replication/tables';
import type { RemoteTable } from '@/db/replication/remote-table';
import type { Row } from '@/db/replication/row-mapping';
import { sendArgsOf, sendOne } from '@/db/replication/send-one';
import type { OutboxDoc } from '@/db/schemas/outbox';
import { testDatabase } from './db-support/memory-db';
import { replyDoc } from './db-support/reply-doc';

/** localStorage as the browser has it; Node has none. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

let db: AppDatabase | undefined;
beforeEach(() => {
  (globalThis as { localStorage?: Storage }).localStorage = memoryStorage();
});
afterEach(async () => {
  await db?.close();
  db = undefined;
  delete (globalThis as { localStorage?: Storage }).localStorage;
});

function reply(content: string, serverModified: string | null = null) {
  return { ...replyDoc(content, '2026-11-26T08:00:00.000Z'), server_modified: serverModified };
}

async function record(id: string): Promise<OutboxDoc | null> {
  const doc = await db!.outbox.findOne(`posts:${id}`).exec();
  return doc ? (doc.toMutableJSON() as OutboxDoc) : null;
}

describe('mutate: the one write path', { timeout: 60_000 }, () => {
  it('holds the write before anything waits, then stores the document with one waiting record of what to send', async () => {
    db = await testDatabase();
    const post = reply('First!');
    const done = mutate(db, { op: 'insert', collection: 'posts', doc: post });
    // Held in the caller's own task: a page leaving now loses nothing.
    expect(localStorage.getItem(localStorage.key(0) ?? '')).toContain('First!');
    await done;
    expect((await db.posts.findOne(post.id).exec())?.content).toBe('First!');
    const kept = await record(post.id);
    expect(kept).toMatchObject({ state: 'waiting', op: 'insert', base: null });
    expect(Object.keys(kept!.columns!).sort()).toEqual([...TABLE_SPECS.posts.insertColumns].filter((c) => c in post).sort());
    expect(localStorage.length).toBe(0);
  });

  it('writes made together are all held before anything waits, then written in order with their records', async () => {
    db = await testDatabase();
    const first = reply('the header stands in for a discussion here');
    const second = reply('and its first post');
    const done = mutateAll(db, [
      { op: 'insert', collection: 'posts', doc: first },
      { op: 'insert', collection: 'posts', doc: second },
    ]);
    const held = localStorage.getItem(localStorage.key(0) ?? '') ?? '';
    expect(held).toContain(first.id);
    expect(held).toContain(second.id);
    await done;
    expect((await record(first.id))?.state).toBe('waiting');
    expect((await record(second.id))?.state).toBe('waiting');
    expect(localStorage.length).toBe(0);
  });

  it('an edit of a row not sent yet stays one insert, carrying the edit', async () => {
    db = await testDatabase();
    const post = reply('typo');
    await mutate(db, { op: 'insert', collection: 'posts', doc: post });
    await mutate(db, { op: 'update', collection: 'posts', id: post.id, patch: { content: 'fixed' } });
    expect(await record(post.id)).toMatchObject({ op: 'insert', state: 'waiting', columns: expect.objectContaining({ content: 'fixed' }) });
  });

  it("an edit of the server's row keeps the changed columns, what they held and the version; an edit of a missing row says why", async () => {
    db = await testDatabase();
    const post = reply('from the server', '2026-11-26T07:00:00.000Z');
    await db.posts.bulkInsert([post]);
    await db.outbox.find().remove();
    await mutate(db, { op: 'update', collection: 'posts', id: post.id, patch: { content: 'mine' } });
    await mutate(db, { op: 'update', collection: 'posts', id: post.id, patch: { content: 'mine, again' } });
    expect(await record(post.id)).toMatchObject({
      op: 'update',
      columns: { content: 'mine, again' },
      previous: { content: 'from the server' },
      base: '2026-11-26T07:00:00.000Z',
    });
    await expect(mutate(db, { op: 'update', collection: 'posts', id: crypto.randomUUID(), patch: { content: 'x' }, missing: 'gone' })).rejects.toThrow('gone');
  });

  it('a sender with only the record sends the same update, guarded by the version the member edited', async () => {
    db = await testDatabase();
    const post = reply('from the server', '2026-11-26T07:00:00.000Z');
    await db.posts.bulkInsert([post]);
    await mutate(db, { op: 'update', collection: 'posts', id: post.id, patch: { content: 'mine' } });
    const args = sendArgsOf((await record(post.id))!);
    const sent: { id: string; patch: Row; expected: string }[] = [];
    const remote = {
      update: async (id: string, patch: Row, expected: string) => {
        sent.push({ id, patch, expected });
        return { data: { ...post, ...patch, _modified: '2026-11-26T08:30:00.000Z' }, error: null, status: 200 };
      },
    } as unknown as RemoteTable;
    const outcome = await sendOne(
      { spec: TABLE_SPECS.posts, remote, toDoc: (row) => ({ ...row, _deleted: false }), isWaiting: async () => true, fkFailures: new Map() },
      args!.doc,
      args!.assumed,
    );
    expect(outcome.type).toBe('ok');
    expect(sent).toEqual([{ id: post.id, patch: { content: 'mine' }, expected: '2026-11-26T07:00:00.000Z' }]);
  });
});
