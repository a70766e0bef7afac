import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { createPullHandler, type PullHandler } from '@/db/replication/pull';
import type { Checkpoint } from '@/db/replication/remote-table';
import { PULL_SLICE } from '@/db/replication/sync';
import { TABLE_SPECS, type PullScope } from '@/db/replication/tables';
import { testDatabase } from './db-support/memory-db';
import { StubTable } from './db-support/stub-remote';

let db: AppDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

function discussion(id: string) {
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
  };
}

const idsOf = (docs: unknown[]) => docs.map((d) => (d as { id: string }).id);

class CountingTable extends StubTable {
  pages = 0;
  override selectPage(request: Parameters<StubTable['selectPage']>[0]) {
    if (request.columns === undefined) this.pages += 1;
    return super.selectPage(request);
  }
}

/** Sizes of `calls` successive slices of a pull from the start, each asking from the last one's checkpoint. */
async function sliceSizes(pull: PullHandler<unknown>, calls: number): Promise<number[]> {
  let checkpoint: Checkpoint | undefined;
  const sizes: number[] = [];
  for (let i = 0; i < calls; i++) {
    const result = await pull(checkpoint, PULL_SLICE);
    sizes.push(result.documents.length);
    checkpoint = result.checkpoint;
  }
  return sizes;
}

/** A pull of `name` in whole-page slices, each taken as stored at once, asking `remote`. */
function slicedPull(name: 'posts' | 'user_activities', remote: StubTable, scope: () => Promise<PullScope>): PullHandler<unknown> {
  return createPullHandler({
    spec: TABLE_SPECS[name],
    remote,
    collection: db![name] as never,
    scope,
    sliceSize: PULL_SLICE,
    beforeNextSlice: async () => undefined,
  });
}

describe('a server page handed to RxDB in slices', () => {
  it('asks the server once per page, hands slices with their own checkpoints, and a restart from any slice loses nothing', async () => {
    db = await testDatabase();
    const remote = new CountingTable('discussions');
    const ids = Array.from({ length: 10 }, () => crypto.randomUUID());
    for (const id of ids) remote.put(discussion(id));
    let handedNotices = 0;
    const options = {
      spec: TABLE_SPECS.discussions,
      remote,
      collection: db.discussions as never,
      scope: async () => ({ userId: null, now: Date.now() }),
      sliceSize: 4,
    };
    const pull = createPullHandler({ ...options, onSliceHanded: () => (handedNotices += 1), beforeNextSlice: async () => undefined });

    const first = await pull(undefined, 4);
    const second = await pull(first.checkpoint, 4);
    const third = await pull(second.checkpoint, 4);
    expect([first, second, third].map((r) => r.documents.length)).toEqual([4, 4, 2]);
    expect(remote.pages).toBe(1);
    expect(handedNotices).toBe(3);
    const all = [...idsOf(first.documents), ...idsOf(second.documents), ...idsOf(third.documents)];
    expect(new Set(all)).toEqual(new Set(ids));
    // Each slice's checkpoint is its own last row, so a store that kept only the first slice resumes after it.
    expect(first.checkpoint?.id).toBe(idsOf(first.documents).at(-1));
    const afterCrash = createPullHandler({ ...options });
    const resumed = await afterCrash(first.checkpoint, 4);
    const rest = [...idsOf(resumed.documents), ...idsOf((await afterCrash(resumed.checkpoint, 4)).documents)];
    // (Rows of the overlap window the store does not hold may come again: storing a row twice changes nothing.)
    for (const id of [...idsOf(second.documents), ...idsOf(third.documents)]) expect(rest).toContain(id);
  });

  it('uses the page it fetched ahead even when time moved on between pages (the activity feed filters by a moving window)', async () => {
    db = await testDatabase();
    const remote = new CountingTable('user_activities');
    const created = new Date().toISOString();
    for (let i = 0; i < 2500; i++) remote.put({ id: crypto.randomUUID(), user_id: crypto.randomUUID(), activity_type: 'post', created_at: created });
    // Mid-hour, so the few seconds this pull spans never cross the hour the window starts from.
    let clock = Date.parse('2026-11-24T04:10:00Z');
    // Each call sees a later moment, as a first sync spread over seconds does.
    const pull = slicedPull('user_activities', remote, async () => ({ userId: null, now: (clock += 1500) }));
    expect(await sliceSizes(pull, 3)).toEqual([999, 999, 502]);
    // Three pages, each asked for once (the third by offset beside the second), and the one beyond the last,
    // asked for beside the third: none thrown away and asked for again.
    expect(remote.pages).toBe(4);
  });

  it('uses the page it fetched ahead when the same kept threads come named in another order (the server ranked them, then the store)', async () => {
    db = await testDatabase();
    const remote = new CountingTable('posts');
    const threads = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const created = new Date().toISOString();
    for (let i = 0; i < 2500; i++)
      remote.put({
        id: crypto.randomUUID(),
        discussion_id: threads[i % 3],
        user_id: crypto.randomUUID(),
        content: `post ${i}`,
        created_at: created,
        updated_at: created,
      });
    const rankings = [threads, [...threads].reverse(), [threads[1], threads[0], threads[2]]];
    let call = 0;
    const pull = slicedPull('posts', remote, async () => ({ userId: null, now: Date.now(), discussionIds: rankings[call++ % rankings.length] }));
    expect(await sliceSizes(pull, 3)).toEqual([999, 999, 502]);
    expect(remote.pages).toBe(4);
  });

  it('asks for the page beyond the next at the same time, and asks again when a row moved between the two (no row lost)', async () => {
    db = await testDatabase();
    const remote = new (class extends CountingTable {
      moved: string | null = null;
      override selectPage(request: Parameters<StubTable['selectPage']>[0]) {
        // The second page is answered; then, before the page beyond it is read, a row of the second page is
        // written again (as a deletion is): it moves to the end, and every later row one place earlier.
        if (request.offset && this.moved === null) {
          const inSecondPage = [...this.rows.values()].sort((a, b) => String(a._modified).localeCompare(String(b._modified)))[1500];
          this.moved = String(inSecondPage.id);
          this.put({ ...inSecondPage, _modified: undefined });
        }
        return super.selectPage(request);
      }
    })('user_activities');
    const created = new Date().toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 2500; i++)
      ids.push(String(remote.put({ id: crypto.randomUUID(), user_id: crypto.randomUUID(), activity_type: 'post', created_at: created }).id));
    const delivered: string[] = [];
    const pull = slicedPull('user_activities', remote, async () => ({ userId: null, now: Date.parse('2026-11-24T04:10:00Z') }));
    let checkpoint: Checkpoint | undefined;
    for (let i = 0; i < 3; i++) {
      const result = await pull(checkpoint, PULL_SLICE);
      delivered.push(...idsOf(result.documents));
      checkpoint = result.checkpoint;
    }
    expect(remote.moved).not.toBeNull();
    expect(new Set(delivered)).toEqual(new Set(ids));
  });
});
