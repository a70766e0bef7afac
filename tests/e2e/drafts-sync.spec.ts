import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { REPLY_TEXT, THREAD_TEXT } from '../../src/features/discussions/constants';
import { dbQuery, newMemberApi, signInApi, signInPage, waitForDb } from '../support/standins/e2e-session';
import { expectDeviceToHold } from './offline-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

type DraftRow = { content: string | null; _deleted: boolean };
const draftsOf = (userId: string, threadId: string) =>
  dbQuery<DraftRow>(`select content, _deleted from public.drafts where user_id = $1 and kind = 'reply' and key = $2`, [userId, threadId]);

test('a reply started offline on one device is there, after sign-in, on another; posting it removes the draft everywhere', async ({ browser }) => {
  const member = await newMemberApi('drafts');
  const { client } = await signInApi(member.email, member.password);
  const threadId = randomUUID();
  const title = `Two devices ${threadId.slice(0, 8)}`;
  expect((await client.from('discussions').insert({ id: threadId, user_id: member.id, title, category: 'DJ Techniques' })).error).toBeNull();
  expect((await client.from('posts').insert({ discussion_id: threadId, user_id: member.id, content: 'Opening post' })).error).toBeNull();

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const phonePage = await phone.newPage();
  await signInPage(phonePage, member.email, member.password);
  await phonePage.goto(`/discussions/thread/${threadId}`);
  const phoneReply = phonePage.getByLabel(REPLY_TEXT.label);
  await expect(phoneReply).toBeEditable({ timeout: 30_000 });

  // No signal at the gig: the words are kept on the phone at once and reach the member's drafts when it reconnects.
  await phone.setOffline(true);
  const words = `Started at the gig ${randomUUID().slice(0, 8)}`;
  await phoneReply.fill(words);
  await expectDeviceToHold(phonePage, words);
  expect(await draftsOf(member.id, threadId)).toEqual([]);
  await phone.setOffline(false);
  const synced = await waitForDb(
    () => draftsOf(member.id, threadId),
    (rows) => rows[0]?.content === words,
    30_000,
  );
  expect(synced).toEqual([{ content: words, _deleted: false }]);

  const desktop = await browser.newContext();
  const desktopPage = await desktop.newPage();
  await signInPage(desktopPage, member.email, member.password);
  await desktopPage.goto(`/discussions/thread/${threadId}`);
  const desktopReply = desktopPage.getByLabel(REPLY_TEXT.label);
  await expect(desktopReply).toHaveValue(words, { timeout: 30_000 });

  await desktopReply.fill(`${words}, finished on the desktop`);
  await desktopPage.getByRole('button', { name: REPLY_TEXT.submit }).click();
  await expect(desktopPage.getByText(`${words}, finished on the desktop`).first()).toBeVisible();
  await expect(desktopReply).toHaveValue('');
  const removed = await waitForDb(
    () => draftsOf(member.id, threadId),
    (rows) => rows[0]?._deleted === true,
    30_000,
  );
  expect(removed[0]?._deleted).toBe(true);

  await phone.close();
  await desktop.close();
});

test("an unfinished edit of a post is kept like a reply's draft: reopening the edit after a reload offers the text back", async ({ page }) => {
  const member = await newMemberApi('edits');
  const { client } = await signInApi(member.email, member.password);
  const threadId = randomUUID();
  const postId = randomUUID();
  expect(
    (await client.from('discussions').insert({ id: threadId, user_id: member.id, title: `Edit ${threadId.slice(0, 8)}`, category: 'DJ Techniques' })).error,
  ).toBeNull();
  expect((await client.from('posts').insert({ id: postId, discussion_id: threadId, user_id: member.id, content: 'Opening post' })).error).toBeNull();
  const editDrafts = () =>
    dbQuery<DraftRow>(`select content, _deleted from public.drafts where user_id = $1 and kind = 'post_edit' and key = $2`, [member.id, postId]);

  await page.setViewportSize({ width: 360, height: 740 });
  await signInPage(page, member.email, member.password);
  await page.goto(`/discussions/thread/${threadId}`);
  const post = page.locator(`#post-${postId}`);
  await post.getByRole('button', { name: THREAD_TEXT.edit }).click();
  const box = post.getByLabel(THREAD_TEXT.edit);
  const words = `Opening post, with the set times ${randomUUID().slice(0, 8)}`;
  await box.fill(words);
  // Synced to the member's drafts like a reply's.
  await waitForDb(editDrafts, (rows) => rows[0]?.content === words && !rows[0]._deleted, 30_000);

  await page.reload();
  await expect(post).toContainText('Opening post');
  await post.getByRole('button', { name: THREAD_TEXT.edit }).click();
  await expect(post.getByLabel(THREAD_TEXT.edit)).toHaveValue(words);

  // Saving the edit removes the draft.
  await post.getByRole('button', { name: THREAD_TEXT.save }).click();
  await expect(post).toContainText(words);
  const removed = await waitForDb(editDrafts, (rows) => rows[0]?._deleted === true, 30_000);
  expect(removed[0]?._deleted).toBe(true);
});
