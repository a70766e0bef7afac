import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { newMemberApi, serviceClient } from '../support/standins/e2e-session';
import { createThread, expectDeviceToHold } from './offline-support';

// The first visit of a shared thread link on a phone that has never opened the app.
if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const POSTS = 14;

/** Layout shifts the member did not cause, from the page's start, with when they happened. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; at: number }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, at: entry.startTime });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function shiftsSince(page: Page, since: number): Promise<number> {
  return page.evaluate(
    (from) => (window as unknown as { __shifts: { value: number; at: number }[] }).__shifts.filter((s) => s.at >= from).reduce((sum, s) => sum + s.value, 0),
    since,
  );
}

test('an empty device shows a shared thread from the server before its store has synced, and the store takes over without a shift', async ({ page }) => {
  const [alice, bob] = await Promise.all([newMemberApi('firstvisit'), newMemberApi('firstvisitb')]);
  const tag = randomUUID().slice(0, 8);
  const thread = await createThread(
    alice.id,
    Array.from({ length: POSTS }, (_, i) => ({ authorId: i % 2 === 0 ? alice.id : bob.id, content: `First visit post ${i + 1} of ${tag}` })),
  );

  // Replication goes through supabase-js (which names itself in x-client-info): held until released, so the
  // local store cannot have the thread while the screen is checked.
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let heldReplication = 0;
  await page.route('**/rest/v1/**', async (route) => {
    if (route.request().headers()['x-client-info']) {
      heldReplication++;
      await released;
    }
    await route.fallback();
  });
  await recordLayoutShifts(page);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto(`/discussions/thread/${thread.id}`);
  await expect(page.getByTestId('thread-title')).toHaveText(thread.title);
  await expect(page.getByTestId('post')).toHaveCount(POSTS);
  await expect(page.getByTestId('post').first()).toContainText(thread.posts[0]!.content);
  await expect(page.getByTestId('post').last()).toContainText(thread.posts[POSTS - 1]!.content);
  await expect(page.getByTestId('post').first()).toContainText(alice.username);
  await expect(page.getByTestId('post').nth(1)).toContainText(bob.username);
  // The store opened and asked for its rows meanwhile, and got nothing yet: what shows came from the server.
  await expect.poll(() => heldReplication, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('post')).toHaveCount(POSTS);

  // The server changes a post meanwhile: the screen shows the change only once the store, which pulls it after
  // the release, renders the thread (the server's copy was read before). As short as the original: one line either way.
  const edited = `Edited visit post 1 of ${tag}`;
  const { error } = await serviceClient().from('posts').update({ content: edited }).eq('id', thread.posts[0]!.id);
  expect(error).toBeNull();

  // The nodes on screen now must be the ones on screen after the store takes over: no skeleton in between.
  await page.getByTestId('post').first().evaluate((el) => el.setAttribute('data-first-render', 'kept'));
  const handOverStart = await page.evaluate(() => performance.now());
  release();

  await expect(page.getByTestId('post').first()).toContainText(edited, { timeout: 20_000 });
  await expectDeviceToHold(page, thread.posts[POSTS - 1]!.content);
  await expect(page.getByTestId('post')).toHaveCount(POSTS);
  await expect(page.getByTestId('post').first()).toHaveAttribute('data-first-render', 'kept');
  expect(await shiftsSince(page, handOverStart)).toBe(0);
  expect(await shiftsSince(page, 0)).toBeLessThan(0.1);
});
