import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { pendingChangesLabel } from '../../src/app/layout/connectivity-indicator';
import { THREAD_TEXT } from '../../src/features/discussions/constants';
import { SEED_STAFF_ACCOUNTS } from '../../src/lib/demo-accounts';
import { logIn, newMember, signInApi } from '../support/standins/e2e-session';
import { createThread, sql, waitForWorker, type SeededThread } from './offline-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

/**
 * An edit, a title change, a lock or an unlock made offline is shown at once; leaving the page
 * right after (0, 50 or 200 ms) must not lose it: it is sent when the device is back online.
 */

const DELAYS = [0, 50, 200] as const;
const moderator = SEED_STAFF_ACCOUNTS.find((a) => a.role === 'moderator')!;
const unique = (text: string) => `${text} (${randomUUID().slice(0, 8)})`;

/** Signs in on a fresh device, opens every thread once online (so they are on the device), then goes offline. */
async function offlineDevice(
  browser: Browser,
  account: { email: string; password: string; username: string },
  threads: SeededThread[],
  elsewhere: SeededThread,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, account);
  for (const t of [...threads, elsewhere]) {
    await page.goto(`/discussions/thread/${t.id}`);
    await expect(page.getByTestId('thread-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(t.posts[0]!.content)).toBeVisible({ timeout: 30_000 });
  }
  await waitForWorker(page);
  await context.setOffline(true);
  return { context, page };
}

/** Does the action on each thread, then leaves for another thread `delay` ms after it. */
async function actThenLeave(
  page: Page,
  threads: SeededThread[],
  elsewhere: SeededThread,
  act: (page: Page, thread: SeededThread, delay: number) => Promise<void>,
) {
  for (const [i, delay] of DELAYS.entries()) {
    const thread = threads[i]!;
    await page.goto(`/discussions/thread/${thread.id}`);
    await expect(page.getByText(thread.posts[0]!.content)).toBeVisible();
    await act(page, thread, delay);
    if (delay > 0) await page.waitForTimeout(delay);
    await page.goto(`/discussions/thread/${elsewhere.id}`);
    await expect(page.getByTestId('thread-page')).toBeVisible();
  }
}

async function threadsBy(authorId: string, n: number, label: string): Promise<SeededThread[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => createThread(authorId, [{ authorId, content: unique(`${label} ${i}: opening post`) }])));
}

test('a post edit and a title edit made offline survive leaving the page 0, 50 and 200 ms after saving', async ({ browser }) => {
  test.setTimeout(180_000);
  const member = await newMember('edit_leaver');
  const edited = await threadsBy(member.id, DELAYS.length, 'Edit me');
  const retitled = await threadsBy(member.id, DELAYS.length, 'Retitle me');
  const [elsewhere] = await threadsBy(member.id, 1, 'Somewhere else');
  const { context, page } = await offlineDevice(browser, member, [...edited, ...retitled], elsewhere!);

  const newText = new Map<string, string>();
  await actThenLeave(page, edited, elsewhere!, async (p, thread, delay) => {
    const text = unique(`Corrected offline, left after ${delay} ms`);
    newText.set(thread.posts[0]!.id, text);
    const card = p.locator(`#post-${thread.posts[0]!.id}`);
    await card.getByRole('button', { name: THREAD_TEXT.edit }).click();
    await card.getByLabel(THREAD_TEXT.edit).fill(text);
    await card.getByRole('button', { name: THREAD_TEXT.save }).click();
  });
  const newTitle = new Map<string, string>();
  await actThenLeave(page, retitled, elsewhere!, async (p, thread, delay) => {
    const title = unique(`Renamed offline after ${delay} ms`);
    newTitle.set(thread.id, title);
    await p.getByRole('button', { name: THREAD_TEXT.editTitle }).click();
    await p.getByLabel(THREAD_TEXT.titleInputLabel).fill(title);
    await p.getByLabel(THREAD_TEXT.titleInputLabel).press('Enter');
  });

  await expect(page.getByTestId('connectivity-indicator')).toContainText(pendingChangesLabel(newText.size + newTitle.size));
  await context.setOffline(false);
  for (const [postId, text] of newText) {
    await expect
      .poll(async () => (await sql<{ content: string }>('select content from public.posts where id = $1', [postId]))[0]!.content, { timeout: 60_000 })
      .toBe(text);
  }
  for (const [threadId, title] of newTitle) {
    await expect
      .poll(async () => (await sql<{ title: string }>('select title from public.discussions where id = $1', [threadId]))[0]!.title, { timeout: 60_000 })
      .toBe(title);
  }
  await context.close();
});

test("a moderator's lock and unlock made offline survive leaving the page 0, 50 and 200 ms after the click", async ({ browser }) => {
  test.setTimeout(180_000);
  const authorId = (await newMember('lock_author')).id;
  const toLock = await threadsBy(authorId, DELAYS.length, 'Lock me');
  const toUnlock = await threadsBy(authorId, DELAYS.length, 'Unlock me');
  // Locked by a moderator (a lock by the server itself is above any member's level to undo).
  const mod = await signInApi(moderator.email, moderator.password);
  const { error } = await mod.client
    .from('discussions')
    .update({ is_locked: true })
    .in(
      'id',
      toUnlock.map((t) => t.id),
    );
  expect(error).toBeNull();
  const [elsewhere] = await threadsBy(authorId, 1, 'Somewhere else');
  const { context, page } = await offlineDevice(browser, moderator, [...toLock, ...toUnlock], elsewhere!);

  await actThenLeave(page, toLock, elsewhere!, async (p) => {
    await p.getByRole('button', { name: THREAD_TEXT.lock }).click();
  });
  await actThenLeave(page, toUnlock, elsewhere!, async (p) => {
    await p.getByRole('button', { name: THREAD_TEXT.unlock }).click();
  });

  await expect(page.getByTestId('connectivity-indicator')).toContainText(pendingChangesLabel(toLock.length + toUnlock.length));
  await context.setOffline(false);
  const lockedOf = async (threads: SeededThread[]) =>
    (
      await sql<{ id: string; is_locked: boolean }>('select id, is_locked from public.discussions where id = any($1::uuid[]) order by id', [
        threads.map((t) => t.id),
      ])
    ).map((r) => r.is_locked);
  await expect.poll(() => lockedOf(toLock), { timeout: 60_000 }).toEqual([true, true, true]);
  await expect.poll(() => lockedOf(toUnlock), { timeout: 60_000 }).toEqual([false, false, false]);
  await context.close();
});
