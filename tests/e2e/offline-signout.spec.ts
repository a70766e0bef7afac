import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { SIGN_OUT_TEXT } from '../../src/app/data/constants';
import { REPLY_TEXT } from '../../src/features/discussions/constants';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { serviceClient } from '../support/standins/e2e-session';
import { createThread, deviceHolds, expectDeviceToHold, keptLaunchMarkup, memberIdOf, sql, waitForWorker } from './offline-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const [dj, producer] = DEMO_ACCOUNTS;

/** The DJ signs in on the device, with a private notification and a thread open; returns both. */
async function signInWithPrivateNote(page: Page, firstPost: string) {
  const djId = await memberIdOf(dj.username);
  const producerId = await memberIdOf(producer.username);
  const thread = await createThread(producerId, [{ authorId: producerId, content: firstPost }]);
  const notice = `Private note for the DJ ${randomUUID().slice(0, 8)}`;
  const { error } = await serviceClient()
    .from('notifications')
    .insert({ user_id: djId, type: 'reply', content_preview: notice, actor_id: producerId, actor_username: producer.username, related_entity_id: thread.id });
  expect(error).toBeNull();

  await page.goto('/login');
  await page.getByRole('button', { name: dj.label }).click();
  await expect(page.getByTestId('avatar-menu')).toBeVisible({ timeout: 20_000 });
  await waitForWorker(page);
  await page.goto('/notifications');
  await expect(page.getByText(notice)).toBeVisible({ timeout: 20_000 });
  await page.goto(`/discussions/thread/${thread.id}`);
  await expect(page.getByText(firstPost)).toBeVisible();
  return { thread, notice };
}

test('after signing out on a shared device, the next visitor finds none of the member’s notifications or drafts', async ({ page, context }) => {
  // The member signs in on the shared device through the login screen.
  const { thread, notice } = await signInWithPrivateNote(page, 'Post your festival checklist.');
  // The hub as the member saw it is kept for the next launch, their menu in it.
  await page.goto('/discussions');
  await expect(page.getByTestId('discussion-card').first()).toBeVisible();
  await expect.poll(async () => (await keptLaunchMarkup(page, '/discussions')) ?? '', { timeout: 15_000 }).toContain('data-testid="avatar-menu"');
  await page.goto(`/discussions/thread/${thread.id}`);

  await context.setOffline(true);
  const unsent = `Earplugs, spare USB, the RCA cable ${randomUUID().slice(0, 8)}`;
  await page.locator('#reply-content').fill(unsent);
  await page.getByRole('button', { name: REPLY_TEXT.submit }).click();
  await expect(page.getByTestId('post').filter({ hasText: unsent }).getByTestId('outbox-status')).toHaveAttribute('data-state', 'waiting');
  const draft = `Half-written: headphones and a ${randomUUID().slice(0, 8)}`;
  await page.locator('#reply-content').fill(draft);
  await expectDeviceToHold(page, draft);

  // Signing out asks about the unsent reply; the member discards it.
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(SIGN_OUT_TEXT.description(1));
  await question.getByRole('button', { name: SIGN_OUT_TEXT.discard }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible({ timeout: 20_000 });
  // The next launch does not paint the member's hub.
  expect(await keptLaunchMarkup(page, '/discussions')).toBeNull();
  await context.setOffline(false);

  // The next person at the device.
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/login/);
  await page.goto(`/discussions/thread/${thread.id}`);
  await expect(page.getByTestId('guest-prompt')).toBeVisible();
  await expect(page.getByText(unsent)).toHaveCount(0);
  for (const text of [notice, draft, unsent]) {
    expect(await deviceHolds(page, text, { includeDeleted: true }), `the device still holds "${text}"`).toBe(false);
  }
  expect((await sql<{ n: string }>('select count(*) as n from public.posts where content = $1', [unsent]))[0].n).toBe('0');
});

test('signing out in a tab that does not replicate signs out every tab and removes the member’s private data', async ({ page, context }) => {
  // Two tabs sign in, sync and sign out: longer than one tab's journey.
  test.setTimeout(120_000);
  const { notice } = await signInWithPrivateNote(page, 'Who has a spare booth monitor?');
  const draft = `Two-tab draft: a ${randomUUID().slice(0, 8)}`;
  await page.locator('#reply-content').fill(draft);
  await expectDeviceToHold(page, draft);

  // A second tab of the same member; one of the two replicates (the elected leader).
  const second = await context.newPage();
  await second.goto('/notifications');
  await expect(second.getByText(notice)).toBeVisible({ timeout: 20_000 });
  const isLeader = (p: typeof page) => p.evaluate(() => document.documentElement.hasAttribute('data-sync-leader'));
  await expect.poll(async () => (await isLeader(page)) !== (await isLeader(second)), { timeout: 20_000 }).toBe(true);
  const [leader, other] = (await isLeader(page)) ? [page, second] : [second, page];

  await other.getByTestId('avatar-menu').click();
  await other.getByRole('menuitem', { name: 'Sign Out' }).click();
  for (const tab of [other, leader]) await expect(tab.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible({ timeout: 20_000 });
  for (const text of [notice, draft]) {
    await expect.poll(() => deviceHolds(other, text, { includeDeleted: true }), { message: `the device still holds "${text}"`, timeout: 20_000 }).toBe(false);
  }
  await leader.goto('/notifications');
  await expect(leader).toHaveURL(/\/login/);
});
