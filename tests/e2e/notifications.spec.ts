import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { NOTIFICATION_MESSAGES, notificationText } from '../../src/features/notifications/constants';
import { MESSAGES } from '../../src/lib/shell-constants';
import { dbQuery, logIn, newMember, waitForDb, type E2eMember } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

/** Another member follows `target` through the API; the server's trigger writes the notification. */
async function follow(actor: E2eMember, target: E2eMember): Promise<void> {
  const { error } = await actor.client.from('followers').insert({ id: randomUUID(), follower_id: actor.id, following_id: target.id });
  if (error) throw error;
}

test('a new follower arrives live in the bell; clicking it opens their profile and marks it read', async ({ page }) => {
  const me = await newMember('bell');
  const fan = await newMember('fan');
  await logIn(page, me);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  await expect(page.getByText(MESSAGES.noNewNotifications)).toBeVisible();
  await page.keyboard.press('Escape');

  await follow(fan, me);
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await bell.click();
  const item = page.getByRole('link', { name: new RegExp(notificationText('new_follower', fan.username)) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${fan.username}$`));
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  const rows = await waitForDb(
    () => dbQuery<{ is_read: boolean }>('select is_read from public.notifications where user_id = $1', [me.id]),
    (r) => r[0]?.is_read === true,
  );
  expect(rows).toEqual([{ is_read: true }]);
});

test('a reply in the bell opens the thread scrolled to that post, highlighted; the notifications page does the same', async ({ page }) => {
  const me = await newMember('threadowner');
  const replier = await newMember('replier');
  const threadId = randomUUID();
  const opening = await me.client
    .from('discussions')
    .insert({ id: threadId, user_id: me.id, title: `Bell ${threadId.slice(0, 8)}`, category: 'DJ Techniques' });
  if (opening.error) throw opening.error;
  const first = await me.client.from('posts').insert({ id: randomUUID(), discussion_id: threadId, user_id: me.id, content: 'How do you warm up a room?' });
  if (first.error) throw first.error;
  await logIn(page, me);

  const replyId = randomUUID();
  const reply = await replier.client
    .from('posts')
    .insert({ id: replyId, discussion_id: threadId, user_id: replier.id, content: 'Start slow and read the floor.' });
  if (reply.error) throw reply.error;
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await page.getByTestId('notification-bell').click();
  await page.getByRole('link', { name: new RegExp(notificationText('new_reply', replier.username)) }).click();
  await expect(page).toHaveURL(new RegExp(`/discussions/thread/${threadId}\\?post=${replyId}$`));
  await expect(page.locator(`[data-post-id="${replyId}"]`)).toHaveAttribute('data-highlighted', 'true');

  await page.goto('/notifications');
  await page.getByRole('link', { name: new RegExp(notificationText('new_reply', replier.username)) }).click();
  await expect(page).toHaveURL(new RegExp(`/discussions/thread/${threadId}\\?post=${replyId}$`));
  await expect(page.locator(`[data-post-id="${replyId}"]`)).toHaveAttribute('data-highlighted', 'true');
});

test("the badge caps at '9+' and 'Mark all as read' in the panel clears it", async ({ page }) => {
  const me = await newMember('many');
  await logIn(page, me);
  const fans = await Promise.all(Array.from({ length: 10 }, (_, i) => newMember(`fan${i}`)));
  for (const fan of fans) await follow(fan, me);
  await expect(page.getByTestId('notification-badge')).toHaveText('9+');
  await page.getByTestId('notification-bell').click();
  await page.getByRole('button', { name: MESSAGES.markAllAsRead }).click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  const unread = await waitForDb(
    () => dbQuery<{ n: string }>('select count(*) as n from public.notifications where user_id = $1 and not is_read', [me.id]),
    (r) => r[0].n === '0',
  );
  expect(unread[0].n).toBe('0');
});

test('the notifications page groups by day, marks one read, and marks all read offline, syncing after reconnect', async ({ page, context }) => {
  const me = await newMember('page');
  const a = await newMember('alpha');
  const b = await newMember('bravo');
  const c = await newMember('charlie');
  await follow(a, me);
  await follow(b, me);
  await follow(c, me);
  // One older notification, to see a second day group.
  await dbQuery("update public.notifications set created_at = now() - interval '3 days' where user_id = $1 and actor_id = $2", [me.id, c.id]);
  await logIn(page, me);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: NOTIFICATION_MESSAGES.title })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: NOTIFICATION_MESSAGES.today })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2 })).toHaveCount(2);
  await expect(page.getByTestId('notification-row')).toHaveCount(3);
  await expect(page.getByTestId('notification-row').and(page.locator('[data-read="false"]'))).toHaveCount(3);
  await expect(page.getByText(NOTIFICATION_MESSAGES.unread(3))).toBeVisible();

  await page.getByRole('link', { name: new RegExp(notificationText('new_follower', a.username)) }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${a.username}$`));
  await page.goBack();
  await expect(page.getByText(NOTIFICATION_MESSAGES.unread(2))).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllAsRead }).click();
  await expect(page.getByTestId('notification-row').and(page.locator('[data-read="false"]'))).toHaveCount(0);
  await page.waitForTimeout(1000);
  const stillUnread = await dbQuery<{ n: string }>('select count(*) as n from public.notifications where user_id = $1 and not is_read', [me.id]);
  expect(Number(stillUnread[0].n)).toBeGreaterThan(0);
  await context.setOffline(false);
  const synced = await waitForDb(
    () => dbQuery<{ n: string }>('select count(*) as n from public.notifications where user_id = $1 and not is_read', [me.id]),
    (r) => r[0].n === '0',
  );
  expect(synced[0].n).toBe('0');
});
