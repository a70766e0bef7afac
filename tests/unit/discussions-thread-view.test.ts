import { firstValueFrom, toArray, takeWhile } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { THREAD_FIRST_SCREEN_POSTS } from '@/features/discussions/constants';
import { threadView$ } from '@/features/discussions/model/local-queries';
import { testDatabase } from './db-support/memory-db';

/** A thread shorter than what the first screen reads: its first emission is the whole thread. */
const SHORT = THREAD_FIRST_SCREEN_POSTS - 1;

let db: AppDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

const thread = crypto.randomUUID();
const author = crypto.randomUUID();

async function threadOf(count: number): Promise<AppDatabase> {
  const opened = await testDatabase();
  const start = Date.parse('2026-11-01T00:00:00Z');
  await opened.posts.bulkInsert(
    Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      discussion_id: thread,
      user_id: author,
      content: `Post ${i}`,
      is_solution: false,
      created_at: new Date(start + i * 60_000).toISOString(),
    })),
  );
  await opened.profiles.insert({ id: author, username: 'selector', display_name: 'Selector', role: 'dj', karma: 3, created_at: new Date(start).toISOString() });
  return opened;
}

describe('reading a thread from the local store', () => {
  it('gives the first screen of a long thread first, then the whole thread, oldest first, never going back', async () => {
    const length = THREAD_FIRST_SCREEN_POSTS * 10;
    db = await threadOf(length);
    const views = await firstValueFrom(
      threadView$(db, thread, null).pipe(
        takeWhile((view) => !view.complete, true),
        toArray(),
      ),
    );
    const last = views.at(-1)!;
    expect(last.complete).toBe(true);
    expect(last.posts.map((p) => p.content)).toEqual(Array.from({ length }, (_, i) => `Post ${i}`));
    expect(last.profiles.get(author)?.username).toBe('selector');
    const partial = views.slice(0, -1);
    expect(partial.length).toBeGreaterThan(0);
    for (const view of partial) {
      expect(view.posts.map((p) => p.content)).toEqual(Array.from({ length: THREAD_FIRST_SCREEN_POSTS }, (_, i) => `Post ${i}`));
      expect(view.profiles.get(author)?.username).toBe('selector');
    }
  });

  it('a short thread is complete in its first emission', async () => {
    db = await threadOf(SHORT);
    const first = await firstValueFrom(threadView$(db, thread, null));
    expect(first.posts).toHaveLength(SHORT);
    expect(first.complete).toBe(true);
  });

  it('a short thread is handed over once: reading its posts a second time is not a change', async () => {
    db = await threadOf(SHORT);
    const views: unknown[] = [];
    const sub = threadView$(db, thread, null).subscribe((view) => views.push(view));
    await new Promise((resolve) => setTimeout(resolve, 300));
    sub.unsubscribe();
    expect(views).toHaveLength(1);
  });

  it('a new post in a short thread is still handed over', async () => {
    db = await threadOf(SHORT);
    const views: { posts: unknown[] }[] = [];
    const sub = threadView$(db, thread, null).subscribe((view) => views.push(view));
    await vi.waitFor(() => expect(views).toHaveLength(1));
    await db.posts.insert({
      id: crypto.randomUUID(),
      discussion_id: thread,
      user_id: author,
      content: `Post ${SHORT}`,
      is_solution: false,
      created_at: new Date().toISOString(),
    });
    await vi.waitFor(() => expect(views.at(-1)?.posts).toHaveLength(SHORT + 1));
    sub.unsubscribe();
  });
});
