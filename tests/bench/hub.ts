/**
 * Hub and thread benchmark (issue 7, "Targets"): `npx tsx tests/bench/hub.ts`.
 *
 * RxDB with Dexie over fake-indexeddb in Node, the app's own schemas and
 * queries. Loads 5,000 discussions and 10,000 posts, then measures:
 *  - hub: filter / sort / page over the live discussions collection, median per change;
 *  - hub live: a new discussion written locally until the hub's page shows it;
 *  - reply: a reply written locally (offline: no replication runs) until the thread's live query shows it.
 * Prints a table, merges the figures into bench-results.json under `hub`, exits 1 when a target is missed.
 */
import { performance } from 'node:perf_hooks';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { filter, firstValueFrom } from 'rxjs';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { createRevision, now, type RxCollection, type RxDocumentData, type RxStorage } from 'rxdb';
import { createAppDatabase } from '../../src/db/database';
import { ALL_CATEGORIES, DISCUSSION_CATEGORIES, HUB_SORTS, type HubSort } from '../../src/features/discussions/constants';
import { queryHub, mergeCategories, type HubQuery } from '../../src/features/discussions/model/hub-query';
import { allDiscussions$, threadPosts$ } from '../../src/features/discussions/model/local-queries';
import type { DiscussionRow } from '../../src/features/discussions/model/types';
import { createDiscussion, insertReply, newReply } from '../../src/features/discussions/model/writes';
import { median, recordBenchResult } from './results';

export const HUB_TARGETS = { changeMedianMs: 50, replyMedianMs: 50, discussions: 5_000, posts: 10_000 } as const;

function p95(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
}

async function loadAsPulled<T>(collection: RxCollection<T>, docs: T[]): Promise<void> {
  const token = collection.database.token;
  const rows = docs.map((doc) => ({
    document: { ...doc, _deleted: false, _attachments: {}, _meta: { lwt: now() }, _rev: createRevision(token) } as unknown as RxDocumentData<T>,
  }));
  const result = await collection.storageInstance.bulkWrite(rows, 'bench-load');
  if (result.error.length > 0) throw new Error(`load failed: ${JSON.stringify(result.error[0]).slice(0, 300)}`);
}

function uuid(n: number, prefix: string): string {
  return `${prefix}${n.toString(16).padStart(12, '0')}`;
}

async function main() {
  const db = await createAppDatabase({
    name: `hubbench${Date.now()}`,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>,
    multiInstance: false,
  });
  const words = ['mixing', 'vinyl', 'CDJ', 'techno', 'house', 'mastering', 'ableton', 'gig', 'feedback', 'drum', 'bass', 'sample'];
  const authors = Array.from({ length: 300 }, (_, i) => ({ id: uuid(i, '00000000-0000-4000-8000-'), name: `dj_${i}` }));
  const start = Date.UTC(2024, 0, 1);
  const discussions = Array.from({ length: HUB_TARGETS.discussions }, (_, i) => {
    const a = authors[i % authors.length];
    const created = new Date(start + i * 3_600_000).toISOString();
    const activity = new Date(start + i * 3_600_000 + ((i * 7919) % 500) * 3_600_000).toISOString();
    return {
      id: uuid(i, '10000000-0000-4000-8000-'),
      user_id: a.id,
      title: `${words[i % words.length]} ${words[(i * 5) % words.length]} question #${i}`,
      category: i % 50 === 0 ? `Custom ${i % 7}` : DISCUSSION_CATEGORIES[i % DISCUSSION_CATEGORIES.length],
      is_pinned: i % 500 === 0,
      is_locked: i % 97 === 0,
      created_at: created,
      updated_at: created,
      last_activity_at: activity,
      post_count: (i * 31) % 120,
      author_username: a.name,
      author_display_name: `DJ ${a.name}`,
      author_avatar_url: null,
    };
  });
  const thread = discussions[42].id;
  const posts = Array.from({ length: HUB_TARGETS.posts }, (_, i) => ({
    id: uuid(i, '20000000-0000-4000-8000-'),
    discussion_id: i < 200 ? thread : discussions[(i * 13) % discussions.length].id,
    user_id: authors[i % authors.length].id,
    parent_post_id: null,
    quoted_post_id: null,
    content: `Post ${i} about ${words[i % words.length]}`,
    created_at: new Date(start + i * 60_000).toISOString(),
    updated_at: new Date(start + i * 60_000).toISOString(),
    is_solution: false,
    reactions_summary: { like: i % 5 },
  }));
  // Loaded the way replication writes pulled rows: into storage, below the outbox hooks of member writes.
  const t0 = performance.now();
  await loadAsPulled(db.discussions, discussions);
  await loadAsPulled(db.posts, posts);
  const loadMs = performance.now() - t0;

  // The hub screen's path: live query of all headers, then filter/sort/page in memory.
  const firstRead = performance.now();
  const rows: DiscussionRow[] = await firstValueFrom(allDiscussions$(db).pipe(filter((r) => r.length >= HUB_TARGETS.discussions)));
  const firstReadMs = performance.now() - firstRead;

  // A member's session: typing a search, picking categories, switching sorts, paging.
  const changes: HubQuery[] = [];
  const typed = ['m', 'mi', 'mix', 'mixi', 'mixing', 'mixing v', 'mixing vi', 'mixing vin', '', 'dj_1', 'DJ dj_12', 'techno'];
  for (const q of typed) changes.push({ q, category: ALL_CATEGORIES, sort: 'updated_at', page: 1 });
  for (const c of mergeCategories(rows.map((r) => r.category))) changes.push({ q: '', category: c, sort: 'updated_at', page: 1 });
  for (const s of HUB_SORTS) for (let p = 1; p <= 5; p++) changes.push({ q: '', category: ALL_CATEGORIES, sort: s.value as HubSort, page: p });
  for (let p = 1; p <= 20; p++) changes.push({ q: 'house', category: ALL_CATEGORIES, sort: 'post_count', page: p });

  const changeTimes: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const change of changes) {
      const t = performance.now();
      const page = queryHub(rows, change);
      // Categories are recomputed on every data change too; count them as part of a change.
      mergeCategories(rows.map((r) => r.category));
      changeTimes.push(performance.now() - t);
      if (page.items.length > 10) throw new Error('page too long');
    }
  }

  // Live: a discussion written locally leads the unpinned list of 'Last Activity'.
  const member = { id: authors[0].id, role: 'dj', username: authors[0].name, display_name: `DJ ${authors[0].name}`, avatar_url: null };
  const liveTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const created = await createDiscussion(db, member, { title: `Live ${i}`, category: 'General Discussion', content: 'hello' });
    const fresh = await firstValueFrom(allDiscussions$(db).pipe(filter((r) => r.some((d) => d.id === created.discussionId))));
    // The 10 pinned threads fill page 1; the new one leads page 2.
    const page = queryHub(fresh, { q: '', category: ALL_CATEGORIES, sort: 'updated_at', page: 2 });
    if (page.items[0]?.id !== created.discussionId) throw new Error('new discussion does not lead the unpinned list');
    liveTimes.push(performance.now() - t);
  }

  // Reply: written locally (no replication running: offline) until the thread's live query shows it.
  let threadRows = await firstValueFrom(threadPosts$(db, thread));
  const threadSub = threadPosts$(db, thread).subscribe((r) => (threadRows = r));
  const replyTimes: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const reply = newReply(member.id, thread, `Reply ${i}`, null);
    await insertReply(db, reply);
    const id = reply.id;
    await firstValueFrom(threadPosts$(db, thread).pipe(filter((r) => r.some((p) => p.id === id))));
    replyTimes.push(performance.now() - t);
  }
  threadSub.unsubscribe();
  await db.remove();

  const result = {
    discussions: HUB_TARGETS.discussions,
    posts: HUB_TARGETS.posts,
    threadPosts: threadRows.length,
    loadMs: Math.round(loadMs),
    // fake-indexeddb scans are far slower than a browser's IndexedDB; this figure is not the app's cold start.
    firstReadFakeIdbMs: Math.round(firstReadMs),
    changes: changeTimes.length,
    changeMedianMs: +median(changeTimes).toFixed(2),
    changeP95Ms: +p95(changeTimes).toFixed(2),
    liveNewDiscussionMedianMs: +median(liveTimes).toFixed(2),
    replyVisibleMedianMs: +median(replyTimes).toFixed(2),
    replyVisibleP95Ms: +p95(replyTimes).toFixed(2),
    storage: 'dexie over fake-indexeddb (Node)',
  };
  console.table(result);
  recordBenchResult('hub', result);
  const missed = result.changeMedianMs >= HUB_TARGETS.changeMedianMs || result.replyVisibleMedianMs >= HUB_TARGETS.replyMedianMs;
  if (missed) {
    console.error('hub benchmark: a target was missed');
    process.exitCode = 1;
  }
}

void main();
