import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { createPullHandler } from '@/db/replication/pull';
import type { Checkpoint } from '@/db/replication/remote-table';
import { TABLE_SPECS } from '@/db/replication/tables';
import type { SyncHandle } from '@/db/replication/sync';
import { getAssumedMasterState } from 'rxdb';
import { testDatabase } from './db-support/memory-db';
import { nextModified, StubTable } from './db-support/stub-remote';
import { stubSync } from './db-support/sync';

let db: AppDatabase;
let sync: SyncHandle | undefined;
afterEach(async () => {
  await sync?.stop();
  await db?.close();
});

function discussion(id: string, _modified?: string) {
  const ts = new Date().toISOString();
  return {
    id,
    user_id: crypto.randomUUID(),
    title: `T ${id.slice(0, 4)}`,
    category: 'general',
    is_pinned: false,
    is_locked: false,
    created_at: ts,
    last_activity_at: ts,
    post_count: 0,
    _modified,
  };
}

/** A `_modified` just before another, as a transaction that began earlier but committed later gets. */
function justBefore(modified: string): string {
  return new Date(Date.parse(modified) - 1).toISOString().replace('Z', '000+00:00');
}

describe('checkpointed pull', () => {
  it('pulls in (_modified, id) pages and picks up a row committed late with an older _modified', async () => {
    db = await testDatabase();
    const remote = new StubTable('discussions');
    const pull = createPullHandler({
      spec: TABLE_SPECS.discussions,
      remote,
      collection: db.discussions as never,
      scope: async () => ({ userId: null, now: Date.now() }),
    });

    const ids = Array.from({ length: 5 }, () => crypto.randomUUID());
    for (const id of ids) remote.put(discussion(id));
    const first = await pull(undefined, 3);
    expect(first.documents).toHaveLength(3);
    const second = await pull(first.checkpoint, 3);
    expect(second.documents.map((d) => (d as unknown as { id: string }).id).sort()).toEqual(ids.slice(3).sort());

    // Commits after the last pull with a _modified older than the checkpoint.
    const late = crypto.randomUUID();
    remote.put(discussion(late, justBefore(second.checkpoint!.modified)));
    const third = await pull(second.checkpoint, 3);
    expect(third.documents.map((d) => (d as unknown as { id: string }).id)).toEqual([late]);
    expect(third.checkpoint).toEqual(second.checkpoint);
    // Delivered once: the next caught-up pull is empty, so RxDB's loop ends.
    expect((await pull(third.checkpoint, 3)).documents).toHaveLength(0);
  });

  it('without the overlap window the late row would be missed', async () => {
    db = await testDatabase();
    const remote = new StubTable('discussions');
    const pull = createPullHandler({
      spec: TABLE_SPECS.discussions,
      remote,
      collection: db.discussions as never,
      scope: async () => ({ userId: null, now: Date.now() }),
      overlapMs: 0,
    });
    remote.put(discussion(crypto.randomUUID()));
    const first = await pull(undefined, 10);
    remote.put(discussion(crypto.randomUUID(), justBefore(first.checkpoint!.modified)));
    expect((await pull(first.checkpoint, 10)).documents).toHaveLength(0);
  });

  describe("once caught up, the late-commit check skips rows the database's clock shows were committed before the first page", () => {
    const began = Date.parse('2026-11-24T12:00:00.000Z');
    const at = (ms: number) => new Date(ms).toISOString().replace('Z', '000+00:00');
    const idOf = (d: unknown) => (d as { id: string }).id;

    async function handler(remote: StubTable) {
      db = await testDatabase();
      const pull = createPullHandler({
        spec: TABLE_SPECS.discussions,
        remote,
        collection: db.discussions as never,
        scope: async () => ({ userId: null, now: began }),
        serverTime: async () => new Date(began).toISOString(),
      });
      const idReads = vi.spyOn(remote, 'selectPage');
      return { pull, idReads: () => idReads.mock.calls.filter(([request]) => request.columns === 'id,_modified').length };
    }

    it('reads no ids again after a first sync of rows all written moments apart, long before it began', async () => {
      const remote = new StubTable('discussions');
      // An import: 25 rows within a few milliseconds, a minute before the device's first sync.
      const ids = Array.from({ length: 25 }, (_, i) => remote.put(discussion(crypto.randomUUID(), at(began - 60_000 + i))).id as string);
      const { pull, idReads } = await handler(remote);
      const delivered: string[] = [];
      let checkpoint: Checkpoint | undefined;
      for (let page = 0; page < 5; page++) {
        const result = await pull(checkpoint, 10);
        delivered.push(...result.documents.map(idOf));
        checkpoint = result.checkpoint;
      }
      expect(delivered.sort()).toEqual([...ids].sort());
      expect(idReads()).toBe(0);
    });

    it('still finds a row that committed late when it was written within the window before the first page', async () => {
      const remote = new StubTable('discussions');
      for (let i = 0; i < 5; i++) remote.put(discussion(crypto.randomUUID(), at(began - 3_000 + i)));
      const { pull, idReads } = await handler(remote);
      const first = await pull(undefined, 10);
      expect(first.documents).toHaveLength(5);
      // Written 4 s before the first page (inside the 10 s window), committed after it.
      const late = remote.put(discussion(crypto.randomUUID(), at(began - 4_000))).id;
      const second = await pull(first.checkpoint, 10);
      expect(second.documents.map(idOf)).toEqual([late]);
      expect(idReads()).toBeGreaterThan(0);
    });

    it('looks a whole window back from a checkpoint a previous run left, however long ago the run began', async () => {
      const remote = new StubTable('discussions');
      const earlier = remote.put(discussion(crypto.randomUUID(), at(began - 86_400_000)));
      const { pull } = await handler(remote);
      // A previous run stored `earlier` and stopped; a row written just before it committed after that run ended.
      const from = { modified: String(earlier._modified), id: String(earlier.id) };
      const late = remote.put(discussion(crypto.randomUUID(), justBefore(String(earlier._modified)))).id;
      const result = await pull(from, 10);
      expect(result.documents.map(idOf)).toContain(late);
    });
  });

  it('replicates into the local store and a visitor never pushes', async () => {
    db = await testDatabase();
    const s = stubSync(db, null, ['discussions']);
    sync = s.sync;
    const remote = s.table('discussions');
    const id = crypto.randomUUID();
    remote.put(discussion(id, nextModified()));
    sync.resync();
    await sync.awaitInSync();
    expect((await db.discussions.findOne(id).exec())?.title).toBe(`T ${id.slice(0, 4)}`);
    const { _modified, ...local } = discussion(crypto.randomUUID());
    expect(_modified).toBeUndefined();
    await db.discussions.insert(local);
    // The visitor's push side only holds the write for a member replication: nothing reaches the server.
    await new Promise((r) => setTimeout(r, 300));
    expect(remote.inserts).toHaveLength(0);
  });

  it("records the server's state of what a visitor pulls only where a later member replication shares the checkpoints", async () => {
    db = await testDatabase();
    const s = stubSync(db, null, ['discussions', 'blog_posts']);
    sync = s.sync;
    const threads = [crypto.randomUUID(), crypto.randomUUID()];
    threads.forEach((id) => s.table('discussions').put(discussion(id, nextModified())));
    const posts = [crypto.randomUUID(), crypto.randomUUID()];
    const ts = new Date().toISOString();
    posts.forEach((id, i) =>
      s.table('blog_posts').put({
        id,
        title: `Post ${i}`,
        slug: `post-${id}`,
        status: 'published',
        is_featured: false,
        published_at: ts,
        created_at: ts,
        _modified: nextModified(),
      }),
    );
    sync.resync();
    await sync.awaitInSync();
    expect((await db.blog_posts.findByIds(posts).exec()).size).toBe(2);
    const recorded = async (name: 'discussions' | 'blog_posts', ids: string[]) => {
      const internal = sync?.states[name]?.internalReplicationState;
      if (!internal) throw new Error(`no replication of ${name}`);
      return Object.keys(await getAssumedMasterState(internal, ids)).length;
    };
    // Discussions share their checkpoints with the member replication that may follow: it must know these came from the server.
    expect(await recorded('discussions', threads)).toBe(2);
    // Blog posts are replicated per identity: the visitor's record would be written once per row for nobody.
    expect(await recorded('blog_posts', posts)).toBe(0);
  });
});
