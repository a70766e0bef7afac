import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { BOOKMARK_MESSAGES } from '../../src/db/messages';
import { BOOKMARK_TEXT, BOOKMARKS_SCREEN_TEXT } from '../../src/features/bookmarks/constants';
import { THEME_STORAGE_KEY } from '../../src/lib/shell-constants';
import { dbQuery, newMemberApi, signInApi, signInPage, waitForDb, waitForOfflineReady } from '../support/standins/e2e-session';
import { seriousViolations } from '../support/axe';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

type BookmarkRow = { note: string | null; remind_at: Date | null; _deleted: boolean };
const bookmarksOf = (userId: string) => dbQuery<BookmarkRow>('select note, remind_at, _deleted from public.bookmarks where user_id = $1', [userId]);

/** A `datetime-local` value `minutes` from now in the browser's time zone. */
const localTime = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, minutes);

async function expectAxeClean(page: Page, label: string): Promise<void> {
  expect(await seriousViolations(page, label)).toEqual([]);
}

test('a member bookmarks a thread with a note and reminder at 360 px, finds it under Bookmarks from the avatar menu, offline too', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, 'dark'] as const);
  const member = await newMemberApi('bookmarker');
  const { client } = await signInApi(member.email, member.password);
  const threadId = randomUUID();
  const title = `Gear for Friday ${threadId.slice(0, 8)}`;
  expect((await client.from('discussions').insert({ id: threadId, user_id: member.id, title, category: 'DJ Techniques' })).error).toBeNull();
  expect((await client.from('posts').insert({ discussion_id: threadId, user_id: member.id, content: 'Opening post' })).error).toBeNull();

  await signInPage(page, member.email, member.password);
  await page.goto(`/discussions/thread/${threadId}`);
  await page.getByRole('button', { name: BOOKMARK_TEXT.bookmark, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: BOOKMARK_TEXT.dialogTitle.discussion });
  await dialog.getByLabel(BOOKMARK_TEXT.noteLabel).fill('Check the cable list');
  await expectAxeClean(page, 'bookmark dialog');

  // A reminder in the past is refused with a message and nothing is stored.
  await dialog.getByLabel(BOOKMARK_TEXT.remindLabel).fill(await localTime(page, -10));
  await dialog.getByRole('button', { name: BOOKMARK_TEXT.save }).click();
  await expect(dialog.getByRole('alert')).toHaveText(BOOKMARK_MESSAGES.pastReminder);
  await page.waitForTimeout(1000);
  expect(await bookmarksOf(member.id)).toEqual([]);

  await dialog.getByLabel(BOOKMARK_TEXT.remindLabel).fill(await localTime(page, 120));
  await dialog.getByRole('button', { name: BOOKMARK_TEXT.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: BOOKMARK_TEXT.bookmarked, exact: true })).toHaveAttribute('aria-pressed', 'true');
  const stored = await waitForDb(
    () => bookmarksOf(member.id),
    (rows) => rows.length === 1,
    30_000,
  );
  expect(stored).toEqual([{ note: 'Check the cable list', remind_at: expect.any(Date), _deleted: false }]);

  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: 'Bookmarks', exact: true }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  const row = page.getByTestId('bookmark-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: title })).toBeVisible();
  await expect(row).toContainText('Check the cable list');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAxeClean(page, 'bookmarks dark');

  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, 'light'] as const);
  await page.reload();
  await expect(page.getByTestId('bookmark-row').getByRole('link', { name: title })).toBeVisible({ timeout: 20_000 });
  await expectAxeClean(page, 'bookmarks light offline');

  // Removed offline: gone here at once, and from the server when the connection is back.
  await page.getByRole('button', { name: BOOKMARKS_SCREEN_TEXT.removeLabel(title) }).click();
  await expect(page.getByText(BOOKMARKS_SCREEN_TEXT.empty)).toBeVisible();
  await context.setOffline(false);
  const removed = await waitForDb(
    () => bookmarksOf(member.id),
    (rows) => rows[0]?._deleted === true,
    30_000,
  );
  expect(removed[0]?._deleted).toBe(true);
});

test('a post and a blog post are bookmarked from their own controls and listed with the thread, newest first, each linking to itself', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const member = await newMemberApi('postmarker');
  const { client } = await signInApi(member.email, member.password);
  const threadId = randomUUID();
  const title = `Set times ${threadId.slice(0, 8)}`;
  expect((await client.from('discussions').insert({ id: threadId, user_id: member.id, title, category: 'DJ Techniques' })).error).toBeNull();
  const postId = randomUUID();
  expect((await client.from('posts').insert({ id: postId, discussion_id: threadId, user_id: member.id, content: 'Doors at 22:00' })).error).toBeNull();

  await signInPage(page, member.email, member.password);
  await page.goto(`/discussions/thread/${threadId}`);
  await page.getByRole('button', { name: BOOKMARK_TEXT.bookmarkPost, exact: true }).click();
  const postDialog = page.getByRole('dialog', { name: BOOKMARK_TEXT.dialogTitle.post });
  await postDialog.getByLabel(BOOKMARK_TEXT.noteLabel).fill('Door time');
  await postDialog.getByRole('button', { name: BOOKMARK_TEXT.save }).click();
  await expect(postDialog).toBeHidden();
  await expect(page.getByRole('button', { name: BOOKMARK_TEXT.postBookmarked, exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The thread itself is not bookmarked by bookmarking one of its posts.
  await expect(page.getByRole('button', { name: BOOKMARK_TEXT.bookmark, exact: true })).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto('/blog/welcome-to-the-beat-drop');
  await page.getByRole('button', { name: BOOKMARK_TEXT.bookmark, exact: true }).click();
  const blogDialog = page.getByRole('dialog', { name: BOOKMARK_TEXT.dialogTitle.blog_post });
  await blogDialog.getByRole('button', { name: BOOKMARK_TEXT.save }).click();
  await expect(blogDialog).toBeHidden();

  const stored = await waitForDb(
    () =>
      dbQuery<{ entity_type: string; entity_id: string; discussion_id: string | null }>(
        'select entity_type, entity_id, discussion_id from public.bookmarks where user_id = $1 and not _deleted order by created_at',
        [member.id],
      ),
    (rows) => rows.length === 2,
    30_000,
  );
  expect(stored.map((row) => [row.entity_type, row.discussion_id])).toEqual([
    ['post', threadId],
    ['blog_post', null],
  ]);
  expect(stored[0]?.entity_id).toBe(postId);

  await page.goto('/bookmarks');
  const rows = page.getByTestId('bookmark-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('link')).toHaveText('Welcome to The Beat Drop');
  await expect(rows.nth(1).getByRole('link', { name: title })).toHaveAttribute('href', `/discussions/thread/${threadId}?post=${postId}`);
  await expect(rows.nth(1)).toContainText('Door time');
  await expectAxeClean(page, 'bookmarks of a post and a blog post');
});
