import { firstValueFrom, filter, type Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { THREAD_WARM_MS } from '@/features/discussions/constants';
import type { ThreadView } from '@/features/discussions/model/local-queries';
import { sharedThreadView$, warmThread } from '@/features/discussions/model/thread-view';
import { testDatabase } from './db-support/memory-db';

// The boundary: the app's store as loadDatabase hands it out, here an in-memory one.
const store = vi.hoisted(() => ({ db: null as AppDatabase | null }));
vi.mock('@/db/load-database', () => ({ loadDatabase: async () => store.db }));

afterEach(async () => {
  vi.useRealTimers();
  await store.db?.close();
  store.db = null;
});

const author = crypto.randomUUID();

async function deviceWithThread(posts: number): Promise<{ db: AppDatabase; thread: string }> {
  const db = await testDatabase();
  const thread = crypto.randomUUID();
  const start = Date.parse('2026-11-01T00:00:00Z');
  await db.posts.bulkInsert(
    Array.from({ length: posts }, (_, i) => ({
      id: crypto.randomUUID(),
      discussion_id: thread,
      user_id: author,
      content: `Set notes ${i}`,
      is_solution: false,
      created_at: new Date(start + i * 60_000).toISOString(),
    })),
  );
  await db.profiles.insert({ id: author, username: 'selector', display_name: 'Selector', role: 'dj', karma: 3, created_at: new Date(start).toISOString() });
  store.db = db;
  return { db, thread };
}

/** What a subscriber is handed before the subscribe call returns: the screen's first render can use it. */
function handedAtOnce(view$: Observable<ThreadView>): ThreadView | undefined {
  let value: ThreadView | undefined;
  view$.subscribe((v) => (value = v)).unsubscribe();
  return value;
}

const whole = (view$: Observable<ThreadView>) => firstValueFrom(view$.pipe(filter((v) => v.complete)));

describe('opening a thread: its read starts as navigation begins', () => {
  it('a thread warmed by its route is handed to the screen at once, with its authors', async () => {
    const { db, thread } = await deviceWithThread(3);
    warmThread(thread, null);
    // Nothing else subscribes meanwhile: only the warm-up can have read the thread.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const view = handedAtOnce(sharedThreadView$(db, thread, null));
    expect(view?.posts.map((p) => p.content)).toEqual(['Set notes 0', 'Set notes 1', 'Set notes 2']);
    expect(view?.profiles.get(author)?.username).toBe('selector');
  });

  it('a thread nobody warmed is read when the screen subscribes, not before', async () => {
    const { db, thread } = await deviceWithThread(3);
    expect(handedAtOnce(sharedThreadView$(db, thread, null))).toBeUndefined();
  });

  it('the warm read stays live: a reply stored after the screen left is in what the next visit is handed', async () => {
    const { db, thread } = await deviceWithThread(2);
    const view$ = sharedThreadView$(db, thread, null);
    const left = view$.subscribe();
    await whole(view$);
    left.unsubscribe();
    await db.posts.insert({
      id: crypto.randomUUID(),
      discussion_id: thread,
      user_id: author,
      content: 'Stored later',
      is_solution: false,
      created_at: new Date().toISOString(),
    });
    await vi.waitFor(() => expect(handedAtOnce(view$)?.posts.at(-1)?.content).toBe('Stored later'));
  });

  it(`ends ${THREAD_WARM_MS / 1000} s after the last reader left, so reads of old threads do not pile up`, async () => {
    const { db, thread } = await deviceWithThread(2);
    const view$ = sharedThreadView$(db, thread, null);
    await whole(view$);
    vi.useFakeTimers();
    const left = view$.subscribe();
    left.unsubscribe();
    vi.advanceTimersByTime(THREAD_WARM_MS - 1);
    expect(handedAtOnce(view$)).toBeDefined();
    vi.advanceTimersByTime(THREAD_WARM_MS + 1);
    vi.useRealTimers();
    expect(handedAtOnce(view$)).toBeUndefined();
  });

  it('each member’s view of a thread is their own (their profile is among the authors)', async () => {
    const { db, thread } = await deviceWithThread(1);
    const member = crypto.randomUUID();
    expect(sharedThreadView$(db, thread, member)).not.toBe(sharedThreadView$(db, thread, null));
    expect(sharedThreadView$(db, thread, member)).toBe(sharedThreadView$(db, thread, member));
  });
});
