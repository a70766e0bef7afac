import { expect, test, type Page } from '@playwright/test';
import { SYNC_PROGRESS_TEXT } from '../../src/components/sync-progress';
import { RECENT_WINDOW_DAYS } from '../../src/db/replication/tables';
import { memberIdOf, sql } from './offline-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

/** Posts of one thread, enough that a first sync takes several pages and seconds to store. */
const THREAD_POSTS = 4000;

/** Ids of the live posts the page's RxDB store holds, read straight from IndexedDB. */
async function storedPostIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const info = (await indexedDB.databases()).find((d) => d.name?.startsWith('rxdb-dexie-djcircle--') && d.name.endsWith('--posts'));
    if (!info?.name) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(info.name!);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!Array.from(db.objectStoreNames).includes('docs')) return [];
      const records = await new Promise<{ id: string; _deleted: unknown }[]>((resolve, reject) => {
        const request = db.transaction('docs', 'readonly').objectStore('docs').getAll();
        request.onsuccess = () => resolve(request.result as { id: string; _deleted: unknown }[]);
        request.onerror = () => reject(request.error);
      });
      return records.filter((r) => r._deleted !== '1' && r._deleted !== true).map((r) => r.id);
    } finally {
      db.close();
    }
  });
}

test.describe('a first sync killed half way', () => {
  test('loses nothing, stores nothing twice, and finishes when the app opens again', async ({ browser }) => {
    test.setTimeout(240_000);
    const author = await memberIdOf('demo_producer');
    const [thread] = await sql<{ id: string }>(
      "insert into public.discussions (user_id, title, category) values ($1, 'Crash test: a long thread', 'Track Feedback') returning id",
      [author],
    );
    await sql(
      `insert into public.posts (discussion_id, user_id, content, created_at)
       select $1, $2, 'Crash test post ' || g, now() - make_interval(secs => $3::int - g) from generate_series(1, $3::int) g`,
      [thread.id, author, THREAD_POSTS],
    );
    // A visitor's device keeps the posts of the threads active in the recent window.
    const serverIds = (
      await sql<{ id: string }>(
        `select p.id from public.posts p join public.discussions d on d.id = p.discussion_id
         where not p._deleted and not d._deleted and d.last_activity_at >= now() - make_interval(days => $1::int)`,
        [RECENT_WINDOW_DAYS],
      )
    ).map((r) => r.id);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/discussions');
    // The member sees the first sync happening: how much is already on the device.
    const progress = page.getByTestId('sync-progress');
    await expect(progress).toContainText(SYNC_PROGRESS_TEXT.saving, { timeout: 30_000 });
    await expect(progress).toContainText(/[\d,]+ items? on this device/);

    // Kill the page while the posts are being written: some pages stored, not all.
    await expect.poll(async () => (await storedPostIds(page)).length, { timeout: 60_000, intervals: [50] }).toBeGreaterThan(0);
    const before = (await storedPostIds(page)).length;
    await page.close({ runBeforeUnload: false });
    expect(before).toBeLessThan(serverIds.length);

    // Reopened, the store is consistent and the sync resumes to the end.
    const again = await context.newPage();
    await again.goto('/discussions');
    await expect.poll(async () => (await storedPostIds(again)).length, { timeout: 120_000 }).toBe(serverIds.length);
    const stored = await storedPostIds(again);
    expect(new Set(stored).size).toBe(stored.length);
    expect(new Set(stored)).toEqual(new Set(serverIds));
    await expect(again.getByTestId('sync-progress')).toContainText(SYNC_PROGRESS_TEXT.ready, { timeout: 60_000 });

    // What was stored reads back as the thread.
    await again.goto(`/discussions/thread/${thread.id}`);
    await expect(again.getByText('Crash test post 1', { exact: true })).toBeVisible({ timeout: 30_000 });
    await context.close();
  });
});
