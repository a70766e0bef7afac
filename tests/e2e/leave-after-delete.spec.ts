import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { pendingChangesLabel } from '../../src/app/layout/connectivity-indicator';
import { THREAD_TEXT, THREAD_TOASTS } from '../../src/features/discussions/constants';
import { AUTH_STORAGE_KEY } from '../../src/lib/shell-constants';
import { FOLLOW_LABELS, PROFILE_MESSAGES } from '../../src/features/profiles/constants';
import { logIn, newMember } from '../support/standins/e2e-session';
import { createThread, deviceHolds, expectDeviceToHold, sql, waitForWorker, type SeededThread } from './offline-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

/**
 * Deleting a reply, deleting a discussion, liking a post or following a member offline is shown at
 * once (or said to be saved on the device); leaving the page right after (0, 50 or 200 ms) must not lose it: it is sent when the device is back online.
 */

const DELAYS = [0, 50, 200] as const;
const unique = (text: string) => `${text} (${randomUUID().slice(0, 8)})`;

/** Signs in on a fresh device, opens every thread once online (so they are on the device), then goes offline. */
async function offlineDevice(browser: Browser, account: { email: string; password: string; username: string }, threads: SeededThread[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, account);
  for (const t of threads) {
    await page.goto(`/discussions/thread/${t.id}`);
    await expect(page.getByTestId('thread-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(t.posts.at(-1)!.content)).toBeVisible({ timeout: 30_000 });
  }
  await waitForWorker(page);
  await context.setOffline(true);
  return { context, page };
}

/** Does the action on each thread, then leaves for another thread `delay` ms after it. */
async function actThenLeave(page: Page, threads: SeededThread[], elsewhere: SeededThread, act: (page: Page, thread: SeededThread) => Promise<void>) {
  for (const [i, delay] of DELAYS.entries()) {
    const thread = threads[i]!;
    await page.goto(`/discussions/thread/${thread.id}`);
    await expect(page.getByText(thread.posts.at(-1)!.content)).toBeVisible();
    await act(page, thread);
    if (delay > 0) await page.waitForTimeout(delay);
    await page.goto(`/discussions/thread/${elsewhere.id}`);
    await expect(page.getByTestId('thread-page')).toBeVisible();
  }
}

test('a reply deleted, a discussion deleted and a post liked offline survive leaving the page 0, 50 and 200 ms after the click', async ({ browser }) => {
  test.setTimeout(240_000);
  const member = await newMember('del_leaver');
  const withReply = (label: string) =>
    createThread(member.id, [
      { authorId: member.id, content: unique(`${label}: opening post`) },
      { authorId: member.id, content: unique(`${label}: a reply`) },
    ]);
  const replyGone = await Promise.all(DELAYS.map((d) => withReply(`Reply deleted after ${d} ms`)));
  const threadGone = await Promise.all(DELAYS.map((d) => withReply(`Thread deleted after ${d} ms`)));
  const liked = await Promise.all(DELAYS.map((d) => withReply(`Liked after ${d} ms`)));
  const elsewhere = await withReply('Somewhere else');
  const { context, page } = await offlineDevice(browser, member, [...replyGone, ...threadGone, ...liked, elsewhere]);

  await actThenLeave(page, replyGone, elsewhere, async (p, thread) => {
    const card = p.locator(`#post-${thread.posts[1]!.id}`);
    await card.getByRole('button', { name: THREAD_TEXT.delete }).click();
    await p.getByRole('alertdialog').getByRole('button', { name: THREAD_TEXT.confirm }).click();
  });
  await actThenLeave(page, threadGone, elsewhere, async (p) => {
    await p.getByRole('button', { name: THREAD_TEXT.deleteDiscussion }).click();
    await p.getByRole('alertdialog').getByRole('button', { name: THREAD_TEXT.confirm }).click();
  });
  await actThenLeave(page, liked, elsewhere, async (p, thread) => {
    await p
      .locator(`#post-${thread.posts[0]!.id}`)
      .getByRole('button', { name: new RegExp(`^${THREAD_TEXT.like} `) })
      .click();
  });

  // Every held change is counted once the app reopens (a reload starts it again from the device).
  await page.reload();
  await expect(page.getByTestId('thread-page')).toBeVisible();
  await expect(page.getByTestId('connectivity-indicator')).toContainText(pendingChangesLabel(replyGone.length + threadGone.length + liked.length));
  await context.setOffline(false);

  const deletedOf = async (table: 'posts' | 'discussions', ids: string[]) =>
    (await sql<{ _deleted: boolean }>(`select _deleted from public.${table} where id = any($1::uuid[]) order by id`, [ids])).map((r) => r._deleted);
  await expect
    .poll(
      () =>
        deletedOf(
          'posts',
          replyGone.map((t) => t.posts[1]!.id),
        ),
      { timeout: 60_000 },
    )
    .toEqual([true, true, true]);
  await expect
    .poll(
      () =>
        deletedOf(
          'discussions',
          threadGone.map((t) => t.id),
        ),
      { timeout: 60_000 },
    )
    .toEqual([true, true, true]);
  const likes = async () =>
    Number(
      (
        await sql<{ n: string }>(`select count(*) as n from public.reactions where user_id = $1 and post_id = any($2::uuid[]) and not _deleted`, [
          member.id,
          liked.map((t) => t.posts[0]!.id),
        ])
      )[0]!.n,
    );
  await expect.poll(likes, { timeout: 60_000 }).toBe(3);
  await context.close();
});

test('a follow made offline survives leaving the profile 0, 50 and 200 ms after the click', async ({ browser }) => {
  test.setTimeout(180_000);
  const member = await newMember('fol_leaver');
  const targets = await Promise.all(DELAYS.map((_, i) => newMember(`fol_target${i}`)));
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, member);
  for (const t of targets) {
    await page.goto(`/profile/${t.username}`);
    await expect(page.getByTestId('follow-button')).toHaveText(FOLLOW_LABELS.follow, { timeout: 30_000 });
  }
  // Online, a profile the first sync has not stored yet is shown from the server; offline only what
  // the device holds can open. Going offline before the sync stored them would test that message instead.
  for (const t of targets) await expectDeviceToHold(page, t.username);
  await waitForWorker(page);
  await context.setOffline(true);

  for (const [i, delay] of DELAYS.entries()) {
    await page.goto(`/profile/${targets[i]!.username}`);
    await expect(page.getByTestId('follow-button')).toHaveText(FOLLOW_LABELS.follow);
    await page.getByTestId('follow-button').click();
    if (delay > 0) await page.waitForTimeout(delay);
    await page.goto('/discussions');
  }

  await page.reload();
  await expect(page.getByTestId('connectivity-indicator')).toContainText(pendingChangesLabel(targets.length));
  await context.setOffline(false);
  const follows = async () =>
    Number(
      (
        await sql<{ n: string }>('select count(*) as n from public.followers where follower_id = $1 and following_id = any($2::uuid[]) and not _deleted', [
          member.id,
          targets.map((t) => t.id),
        ])
      )[0]!.n,
    );
  await expect.poll(follows, { timeout: 60_000 }).toBe(targets.length);
  await context.close();
});

test('a like tapped while the session is still being restored is made, not answered with "log in"', async ({ browser }) => {
  test.setTimeout(120_000);
  const member = await newMember('early_liker');
  const thread = await createThread(member.id, [{ authorId: member.id, content: unique('Liked before the session is back: opening post') }]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, member);
  await page.goto(`/discussions/thread/${thread.id}`);
  await expect(page.getByText(thread.posts[0]!.content)).toBeVisible({ timeout: 30_000 });
  await expectDeviceToHold(page, thread.posts[0]!.content);
  await waitForWorker(page);
  // Another tab (or the worker) refreshing the session holds its lock for a while as the page opens: the thread
  // shows from the device before the app knows who is signed in.
  await context.addInitScript((name) => {
    void navigator.locks.request(name, () => new Promise((resolve) => setTimeout(resolve, 5000)));
  }, `lock:${AUTH_STORAGE_KEY}`);
  await context.setOffline(true);
  await page.reload();
  const like = page.locator(`#post-${thread.posts[0]!.id}`).getByRole('button', { name: new RegExp(`^${THREAD_TEXT.like} `) });
  await expect(like).toBeVisible();
  await like.click();
  await expect(page.locator(`#post-${thread.posts[0]!.id}`).getByRole('button', { name: new RegExp(`^${THREAD_TEXT.unlike} `) })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: THREAD_TOASTS.reactLogin.description })).toHaveCount(0);
  await expect(page.getByTestId('connectivity-indicator')).toContainText(pendingChangesLabel(1));
  await context.setOffline(false);
  const likes = async () =>
    Number(
      (
        await sql<{ n: string }>(`select count(*) as n from public.reactions where user_id = $1 and post_id = $2 and not _deleted`, [
          member.id,
          thread.posts[0]!.id,
        ])
      )[0]!.n,
    );
  await expect.poll(likes, { timeout: 60_000 }).toBe(1);
  await context.close();
});

test('a follow tapped while the session is still being restored is made, not answered with "log in"', async ({ browser }) => {
  test.setTimeout(120_000);
  const [member, target] = await Promise.all([newMember('efol'), newMember('efed')]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, member);
  await page.goto(`/profile/${target.username}`);
  await expect(page.getByTestId('follow-button')).toHaveText(FOLLOW_LABELS.follow, { timeout: 30_000 });
  await waitForWorker(page);
  // Offline, the profile shows from the device: the first sync must have stored it (it said "not on this device
  // yet" when the reload came first, and the follow button never showed).
  await expect.poll(() => deviceHolds(page, target.username), { timeout: 60_000 }).toBe(true);
  // The session's lock is held as the page opens: the profile shows before the app knows who is signed in.
  await context.addInitScript((name) => {
    void navigator.locks.request(name, () => new Promise((resolve) => setTimeout(resolve, 5000)));
  }, `lock:${AUTH_STORAGE_KEY}`);
  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('follow-button')).toHaveText(FOLLOW_LABELS.unfollow);
  await expect(page.getByTestId('toast').filter({ hasText: PROFILE_MESSAGES.loginRequired })).toHaveCount(0);
  await context.setOffline(false);
  const follows = async () =>
    Number(
      (
        await sql<{ n: string }>(`select count(*) as n from public.followers where follower_id = $1 and following_id = $2 and not _deleted`, [
          member.id,
          target.id,
        ])
      )[0]!.n,
    );
  await expect.poll(follows, { timeout: 60_000 }).toBe(1);
  await context.close();
});
