import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { REPLY_TEXT } from '../../src/features/discussions/constants';
import { STORAGE_TEXT } from '../../src/features/offline/constants';
import { THEME_STORAGE_KEY } from '../../src/lib/shell-constants';
import { newMemberApi, signInPage } from '../support/standins/e2e-session';
import { createThread, deviceHolds, deviceRecords, expectDeviceToHold, sql, waitForWorker } from './offline-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });
test.use({ viewport: { width: 360, height: 740 } });

const unique = (text: string) => `${text} (${randomUUID().slice(0, 8)})`;

async function postsWithContent(content: string): Promise<number> {
  const rows = await sql<{ n: string }>('select count(*) as n from public.posts where content = $1 and not _deleted', [content]);
  return Number(rows[0].n);
}

/** The tab keeps the device in sync (the one tab that may drop rows below replication). */
async function replicating(page: Page) {
  await expect(page.locator('html[data-sync-leader]')).toHaveCount(1, { timeout: 30_000 });
}

/** Opens the thread and keeps it offline, once its opening post is on the device. */
async function keepThread(page: Page, id: string, opening: string) {
  await page.goto(`/discussions/thread/${id}`);
  await expect(page.getByTestId('post').filter({ hasText: opening })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('keep-offline').click();
  await expect(page.getByTestId('keep-offline')).toHaveAttribute('aria-pressed', 'true');
  await expectDeviceToHold(page, opening);
}

test('"Free space" drops the kept threads from the device only, and a reply queued in one still goes out', async ({ context, page }) => {
  const member = await newMemberApi('freespace');
  const promoter = await newMemberApi('promoter');
  const openings = [unique('Door list for Friday'), unique('Who has the spare cables'), unique('Afterparty address')];
  const threads = [];
  for (const opening of openings) threads.push(await createThread(promoter.id, [{ authorId: promoter.id, content: opening }]));

  await signInPage(page, member.email, member.password);
  for (const [i, thread] of threads.entries()) await keepThread(page, thread.id, openings[i]);
  await waitForWorker(page);

  // With no signal, a reply waits in the first thread, the one opened longest ago.
  await page.goto(`/discussions/thread/${threads[0].id}`);
  await expect(page.getByTestId('post').filter({ hasText: openings[0] })).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  const reply = unique('Put me down plus one');
  await page.locator('#reply-content').fill(reply);
  await page.getByRole('button', { name: REPLY_TEXT.submit }).click();
  await expect(page.getByTestId('post').filter({ hasText: reply }).getByTestId('outbox-status')).toHaveAttribute('data-state', 'waiting');

  await page.goto('/settings/notifications');
  await replicating(page);
  await page.getByRole('button', { name: STORAGE_TEXT.freeSpace }).click();
  const toast = page.getByTestId('toast').filter({ hasText: STORAGE_TEXT.freedTitle });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await expect(toast).toContainText('Removed 2 posts of 2 threads you opened longest ago');

  // Gone from the device, not from the server; the thread with the queued reply is whole. Any record still
  // holding a dropped text is printed with the store it is in.
  expect(await deviceRecords(page, openings[1])).toEqual([]);
  expect(await deviceRecords(page, openings[2])).toEqual([]);
  expect(await deviceHolds(page, openings[0])).toBe(true);
  expect(await deviceHolds(page, reply)).toBe(true);
  for (const opening of openings) expect(await postsWithContent(opening)).toBe(1);

  // Back online, the queued reply goes out once, and the next pulls do not bring the dropped threads back.
  await context.setOffline(false);
  await expect.poll(() => postsWithContent(reply), { timeout: 30_000 }).toBe(1);
  await page.goto(`/discussions/thread/${threads[0].id}`);
  await expect(page.getByTestId('post').filter({ hasText: reply }).getByTestId('outbox-status')).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  await page.reload();
  await expect(page.getByTestId('post').filter({ hasText: reply })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(2000);
  expect(await deviceHolds(page, openings[1])).toBe(false);
  expect(await deviceHolds(page, openings[2])).toBe(false);
  for (const opening of openings) expect(await postsWithContent(opening)).toBe(1);

  // Opening a dropped thread again brings it back.
  await page.goto(`/discussions/thread/${threads[1].id}`);
  await expect(page.getByTestId('post').filter({ hasText: openings[1] })).toBeVisible({ timeout: 30_000 });
  await expectDeviceToHold(page, openings[1]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the storage section fits a phone and reads well in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    const member = await newMemberApi('freespacea11y');
    await signInPage(page, member.email, member.password);
    await page.goto('/settings/notifications');
    const button = page.getByRole('button', { name: STORAGE_TEXT.freeSpace });
    await expect(button).toBeVisible({ timeout: 30_000 });
    await replicating(page);
    // Reached from the keyboard and run with it: nothing kept yet, so the member is told there is nothing to free.
    await button.focus();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast').filter({ hasText: STORAGE_TEXT.nothingToFreeTitle })).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const axe = await new AxeBuilder({ page }).include('[data-testid="offline-storage"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
}
