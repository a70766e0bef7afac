import { afterEach, describe, expect, it } from 'vitest';
import { rejectionNotices } from '@/app/data/rejection-notice';
import type { AppDatabase } from '@/db/database';
import type { DraftDoc } from '@/db/schemas/drafts';
import { rejectedDrafts$ } from '@/db/sync-status';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { testDatabase } from './db-support/memory-db';

let db: AppDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
  useConnectivityStore.getState().setRejectedChanges(0);
});

function refused(id: string, at: Date, reason = 'violates check constraint "posts_content_length"'): DraftDoc {
  return {
    id: `rejected:posts:${id}`,
    kind: 'rejected',
    key: 'thread',
    collection_name: 'posts',
    doc_id: id,
    content: 'A very long tracklist',
    reason,
    updated_at: at.toISOString(),
  };
}

/** Follows the drafts query as the app does; resolves once an answer satisfies `until`. */
async function follow(database: AppDatabase, startedAt: Date, told: DraftDoc[][], until: (count: number) => boolean): Promise<() => void> {
  let done!: () => void;
  const reached = new Promise<void>((resolve) => (done = resolve));
  const notice = rejectionNotices(startedAt.toISOString(), (fresh) => told.push(fresh));
  const sub = rejectedDrafts$(database).subscribe((drafts) => {
    notice(drafts);
    if (until(drafts.length)) done();
  });
  await reached;
  return () => sub.unsubscribe();
}

describe('the notice of a refused write', () => {
  it('tells a refusal recorded after the page started even when it is already in the drafts query’s first answer', async () => {
    db = await testDatabase();
    const startedAt = new Date(Date.now() - 1000);
    // The push settled while the store was still opening: the refusal is there before anyone asked for it.
    await db.drafts.upsert(refused('a', new Date()));
    const told: DraftDoc[][] = [];
    const stop = await follow(db, startedAt, told, (n) => n === 1);
    expect(useConnectivityStore.getState().rejectedChanges).toBe(1);
    expect(told.map((fresh) => fresh.map((d) => d.doc_id))).toEqual([['a']]);
    stop();
  });

  it('only counts refusals told by an earlier page, tells each new one once, and counts them all', async () => {
    db = await testDatabase();
    const startedAt = new Date();
    await db.drafts.upsert(refused('old', new Date(startedAt.getTime() - 60_000)));
    const told: DraftDoc[][] = [];
    const stop = await follow(db, startedAt, told, (n) => n === 1);
    expect(useConnectivityStore.getState().rejectedChanges).toBe(1);
    expect(told).toEqual([]);
    await db.drafts.upsert(refused('new', new Date(startedAt.getTime() + 10)));
    // The same write refused again keeps its draft: no second notice for it.
    await db.drafts.upsert(refused('new', new Date(startedAt.getTime() + 20)));
    await expect.poll(() => useConnectivityStore.getState().rejectedChanges).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(told.map((fresh) => fresh.map((d) => d.doc_id))).toEqual([['new']]);
    stop();
  });
});
