import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { REJECTED_NOTICE } from '../../src/app/data/constants';
import { BACKGROUND_SYNC_TEXT, OUTBOX_SYNC_TAG } from '../../src/app/pwa/constants';
import { REPLY_TEXT } from '../../src/features/discussions/constants';
import { newMemberApi, serviceClient, signInPage } from '../support/standins/e2e-session';
import { createThread, sql, waitForWorker } from './offline-support';
import { syncChannel } from './push-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const unique = (text: string) => `${text} (${randomUUID().slice(0, 8)})`;

async function postsWithContent(content: string): Promise<number> {
  const rows = await sql<{ n: string }>('select count(*) as n from public.posts where content = $1 and not _deleted', [content]);
  return Number(rows[0].n);
}

/** A member on the thread's page, signed in, with the worker in control. */
async function openThread(page: Page, account: { email: string; password: string }, threadId: string) {
  await signInPage(page, account.email, account.password);
  await page.goto(`/discussions/thread/${threadId}`);
  await expect(page.getByTestId('thread-page')).toBeVisible({ timeout: 30_000 });
  await waitForWorker(page);
}

async function queueReply(page: Page, text: string) {
  await page.locator('#reply-content').fill(text);
  await page.getByRole('button', { name: REPLY_TEXT.submit }).click();
  await expect(page.getByTestId('post').filter({ hasText: text }).getByTestId('outbox-status')).toHaveAttribute('data-state', 'waiting');
}

/** The sync tags the page registered with the worker's registration. */
const syncTags = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
    return registration.sync ? registration.sync.getTags() : null;
  });

test.describe('Background Sync: replies leave with the app closed', () => {
  test('a reply queued offline is sent by the worker with every page closed, once, and the member is told on opening the app', async ({
    context,
    page,
    baseURL,
  }) => {
    const account = await newMemberApi('bgsync');
    const thread = await createThread(account.id, [{ authorId: account.id, content: 'Who is on the door on Friday?' }]);
    await openThread(page, account, thread.id);
    const origin = new URL(page.url()).origin;

    await context.setOffline(true);
    const text = unique('I can do the first hour');
    await queueReply(page, text);
    // Queued offline: the page hands it to the worker.
    await expect.poll(() => syncTags(page)).toEqual([OUTBOX_SYNC_TAG]);
    const channel = await syncChannel(context, origin);
    await page.close();
    expect(context.pages().filter((p) => p.url().startsWith(origin))).toHaveLength(0);
    expect(await postsWithContent(text)).toBe(0);

    await context.setOffline(false);
    await channel.fire();
    await expect.poll(() => postsWithContent(text), { timeout: 20_000 }).toBe(1);

    const reopened = await context.newPage();
    await reopened.goto(`${baseURL}/discussions/thread/${thread.id}`);
    const notice = reopened.getByTestId('toast').filter({ hasText: BACKGROUND_SYNC_TEXT.sentTitle });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText(BACKGROUND_SYNC_TEXT.sentDescription(1));
    await expect(reopened.getByTestId('post').filter({ hasText: text }).getByTestId('outbox-status')).toHaveAttribute('data-state', 'sent', {
      timeout: 20_000,
    });
    // The app's own replication ran on open and did not send it a second time.
    await reopened.waitForTimeout(2000);
    expect(await postsWithContent(text)).toBe(1);
    // Told once: opening the app again says nothing more.
    await reopened.reload();
    await expect(reopened.getByTestId('post').filter({ hasText: text })).toBeVisible({ timeout: 20_000 });
    await reopened.waitForTimeout(1000);
    await expect(reopened.getByTestId('toast').filter({ hasText: BACKGROUND_SYNC_TEXT.sentTitle })).toHaveCount(0);
  });

  test('a reply the server refuses while the app is closed is kept as a draft the member sees on opening the app', async ({ context, page, baseURL }) => {
    const account = await newMemberApi('bgrefused');
    const thread = await createThread(account.id, [{ authorId: account.id, content: 'Set times for Saturday are up.' }]);
    await openThread(page, account, thread.id);
    const origin = new URL(page.url()).origin;

    await context.setOffline(true);
    const text = unique('Can I swap my slot with the opener?');
    await queueReply(page, text);
    await expect.poll(() => syncTags(page)).toEqual([OUTBOX_SYNC_TAG]);
    const channel = await syncChannel(context, origin);
    await page.close();
    // Meanwhile the thread is locked.
    expect((await serviceClient().from('discussions').update({ is_locked: true }).eq('id', thread.id)).error).toBeNull();

    await context.setOffline(false);
    await channel.fire();
    const reopened = await context.newPage();
    await reopened.goto(`${baseURL}/discussions/thread/${thread.id}`);
    const notice = reopened.getByTestId('toast').filter({ hasText: REJECTED_NOTICE.title });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText('locked');
    await expect(reopened.getByTestId('rejected-replies')).toContainText(text, { timeout: 20_000 });
    expect(await postsWithContent(text)).toBe(0);
  });

  test('with the page open too, the reply reaches the server once', async ({ context, page }) => {
    const account = await newMemberApi('bgboth');
    const thread = await createThread(account.id, [{ authorId: account.id, content: 'Van leaves at six.' }]);
    await openThread(page, account, thread.id);
    const origin = new URL(page.url()).origin;
    const channel = await syncChannel(context, origin);
    await page.bringToFront();

    await context.setOffline(true);
    const text = unique('Save me a seat');
    await queueReply(page, text);
    await expect.poll(() => syncTags(page)).toEqual([OUTBOX_SYNC_TAG]);
    // The connection comes back: the page's replication and the worker's sync both go for the queue.
    await context.setOffline(false);
    await channel.fire();
    await expect(page.getByTestId('post').filter({ hasText: text }).getByTestId('outbox-status')).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
    await expect.poll(() => postsWithContent(text)).toBe(1);
    await page.waitForTimeout(2000);
    expect(await postsWithContent(text)).toBe(1);
    // What the page saw itself is not announced again on the next open.
    await page.reload();
    await expect(page.getByTestId('post').filter({ hasText: text })).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    await expect(page.getByTestId('toast').filter({ hasText: BACKGROUND_SYNC_TEXT.sentTitle })).toHaveCount(0);
  });
});
