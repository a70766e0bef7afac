/**
 * What a member sees on a phone (360 px) and whether every state is said
 * honestly: the header offline, the admin zone, who is online, notification
 * texts, offline actions, the tip jar form and wording.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TABS } from '../../src/features/admin/constants';
import { HUB_TEXT, THREAD_TEXT, THREAD_TOASTS } from '../../src/features/discussions/constants';
import { KEEP_OFFLINE_TEXT } from '../../src/features/offline/constants';
import { PAYMENT_TEXTS, PAYMENT_TOASTS } from '../../src/features/payments/constants';
import { CONTACT_TEXTS, CONTACT_TOASTS } from '../../src/features/contact/constants';
import { FOLLOW_LABELS, PROFILE_MESSAGES } from '../../src/features/profiles/constants';
import { PRESENCE_MESSAGES } from '../../src/features/presence/constants';
import { SETTINGS_MESSAGES } from '../../src/features/settings/constants';
import { SEED_STAFF_ACCOUNTS } from '../../src/lib/demo-accounts';
import { APP_NAME, MESSAGES } from '../../src/lib/shell-constants';
import { createThread } from './offline-support';
import { dbQuery, logIn, newMember, signInPage, waitForDb, waitForOfflineReady } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const admin = SEED_STAFF_ACCOUNTS.find((a) => a.role === 'admin')!;
const mod = SEED_STAFF_ACCOUNTS.find((a) => a.role === 'moderator')!;

/** How far the page scrolls sideways: 0 when nothing sticks out of the viewport. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('the header on a phone', () => {
  for (const width of [320, 360]) {
    test(`signed in and offline at ${width} px: no sideways scroll and the account menu stays on screen`, async ({ page, context }) => {
      const me = await newMember('hdroff');
      await page.setViewportSize({ width, height: 740 });
      await logIn(page, me);
      await page.goto('/discussions');
      await expect(page.getByTestId('avatar-menu')).toBeVisible();
      await context.setOffline(true);
      await expect(page.getByTestId('connectivity-indicator')).toContainText(MESSAGES.offline);
      expect(await sidewaysOverflow(page)).toBe(0);
      const box = await page.getByTestId('avatar-menu').boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.getByTestId('avatar-menu').click();
      await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeInViewport();
      await context.setOffline(false);
    });
  }

  test('a visitor at 360 px can reach Sign Up from the header', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/discussions');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

test('the admin zone at 360 px: every tab readable, no sideways scroll of the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInPage(page, admin.email, admin.password);
  await page.goto('/admin');
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  // No tab label is cut: each tab shows its whole text.
  const clipped = await tabs.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
  expect(clipped).toEqual([]);
  await page.getByRole('tab', { name: ADMIN_TABS[1].label }).click();
  await expect(page.getByTestId(`roster-${admin.username}`)).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
});

test('home: the online panel counts the same members as the sidebar', async ({ page, browser }) => {
  // The list names the first members online; tabs of earlier tests that closed without a goodbye would fill it.
  await dbQuery('delete from private.presence_tabs');
  const other = await newMember('onlinepeer');
  const peer = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const peerPage = await peer.newPage();
  await logIn(peerPage, other);
  await peerPage.goto('/discussions');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const sidebar = page.getByTestId('sidebar').getByTestId('sidebar-online');
  // The database sends the online list at most once per 10 s window.
  await expect(sidebar).toContainText(`@${other.username}`, { timeout: 20_000 });
  const panel = page.getByTestId('online-panel');
  await expect(panel).toContainText(`@${other.username}`);
  const shown = await sidebar.getByRole('listitem').count();
  await expect(page.getByTestId('online-heading')).toHaveText(PRESENCE_MESSAGES.heading(shown));
  await peer.close();
});

test('notifications read as plain text, unread rows are marked, and the bell panel keeps off the screen edge', async ({ page }) => {
  const me = await newMember('mdnotes');
  const actor = await newMember('mdactor');
  await dbQuery(
    `insert into public.notifications (user_id, type, content_preview, actor_id, actor_username, related_entity_id, is_read)
     values ($1, 'new_reply', $3, $2, $4, $5, false), ($1, 'new_follower', null, $2, $4, null, true)`,
    [me.id, actor.id, '> **Floor Mod wrote:** > keep the `gain` low\n\nAgreed, *watch* the meters', actor.username, randomUUID()],
  );
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, me);
  await page.getByTestId('notification-bell').click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toContainText('watch the meters');
  const text = await panel.innerText();
  expect(text).not.toMatch(/\*\*|`|^>|\s>\s/m);
  const box = await panel.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(8);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360 - 8);
  // Unread and read rows differ by more than font weight: the unread one carries a visible marker.
  await expect(panel.getByTestId('unread-dot')).toHaveCount(1);
  await page.goto('/notifications');
  await expect(page.getByRole('main')).toContainText('watch the meters');
  expect(await page.getByRole('main').innerText()).not.toMatch(/\*\*|`/);
});

test('an offline follow says it is saved on this device, then confirms once sent', async ({ page, context }) => {
  const me = await newMember('hfollow');
  const target = await newMember('hfollowed');
  await logIn(page, me);
  await page.goto(`/profile/${target.username}`);
  await expect(page.getByTestId('follow-button')).toHaveText(FOLLOW_LABELS.follow);
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('toast').first()).toContainText(MESSAGES.savedOnDevice);
  await expect(page.getByTestId('toast').first()).toContainText(PROFILE_MESSAGES.followQueued);
  await expect(page.getByText(PROFILE_MESSAGES.followedTitle)).toHaveCount(0);
  await context.setOffline(false);
  await waitForDb(
    () => dbQuery('select 1 from public.followers where follower_id = $1 and following_id = $2 and not _deleted', [me.id, target.id]),
    (r) => r.length === 1,
  );
  await expect(page.getByTestId('toast').filter({ hasText: PROFILE_MESSAGES.followed })).toBeVisible({ timeout: 20_000 });
});

test('an offline profile save says it is saved on this device, then confirms once sent', async ({ page, context }) => {
  const me = await newMember('hsave');
  await logIn(page, me);
  await page.goto('/settings/profile');
  await expect(page.getByLabel('Bio')).toBeVisible();
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.getByLabel('Bio').fill('Written at the gig');
  await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
  await expect(page.getByTestId('toast').first()).toContainText(MESSAGES.savedOnDevice);
  await expect(page.getByText(SETTINGS_MESSAGES.profileUpdatedTitle)).toHaveCount(0);
  await expect(page.getByText(SETTINGS_MESSAGES.profileUpdated)).toHaveCount(0);
  await context.setOffline(false);
  await waitForDb(
    () => dbQuery<{ bio: string }>('select bio from public.profiles where id = $1', [me.id]),
    (r) => r[0]?.bio === 'Written at the gig',
  );
  await expect(page.getByTestId('settings-success')).toHaveText(SETTINGS_MESSAGES.sentAfterOffline, { timeout: 20_000 });
});

test('an offline contact message says it is queued, and says sent once delivered', async ({ page, context }) => {
  await page.goto('/contact');
  await expect(page.getByLabel(CONTACT_TEXTS.name)).toBeVisible();
  await waitForOfflineReady(page);
  await context.setOffline(true);
  const subject = `Gig question ${randomUUID().slice(0, 6)}`;
  await page.getByLabel(CONTACT_TEXTS.name).fill('Sam');
  await page.getByLabel(CONTACT_TEXTS.email).fill('sam@example.test');
  await page.getByLabel(CONTACT_TEXTS.subject).fill(subject);
  await page.getByLabel(CONTACT_TEXTS.message).fill('Is the booth open early?');
  await page.getByRole('button', { name: CONTACT_TEXTS.send }).click();
  await expect(page.getByText(CONTACT_TEXTS.queued)).toBeVisible();
  await expect(page.getByTestId('toast').first()).toContainText(CONTACT_TOASTS.queued.title);
  await expect(page.getByText(CONTACT_TOASTS.sent.title)).toHaveCount(0);
  await context.setOffline(false);
  await waitForDb(
    () => dbQuery('select 1 from public.contact_messages where subject = $1', [subject]),
    (r) => r.length === 1,
  );
  await expect(page.getByText(CONTACT_TEXTS.success)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(CONTACT_TEXTS.queued)).toHaveCount(0);
});

test('tip jar: switching Crypto, PayPal and back keeps what was typed in each', async ({ page }) => {
  const me = await newMember('tipswitch');
  await logIn(page, me);
  await page.goto('/settings/tip-jar');
  await page.getByLabel(SETTINGS_MESSAGES.tipJarToggle).click();
  await page.getByLabel(SETTINGS_MESSAGES.cryptoLabel).fill('bc1qexampleaddress');
  await page.getByLabel(SETTINGS_MESSAGES.paypalOption).check();
  await page.getByLabel(SETTINGS_MESSAGES.paypalLabel).fill('paypal.me/switcher');
  await page.getByLabel(SETTINGS_MESSAGES.cryptoOption).check();
  await expect(page.getByLabel(SETTINGS_MESSAGES.cryptoLabel)).toHaveValue('bc1qexampleaddress');
  await page.getByLabel(SETTINGS_MESSAGES.paypalOption).check();
  await expect(page.getByLabel(SETTINGS_MESSAGES.paypalLabel)).toHaveValue('paypal.me/switcher');
});

test('a PayPal activation the server cannot confirm keeps the contact-support instruction on screen', async ({ page }) => {
  const member = await newMember('payfail');
  await page.clock.install();
  await logIn(page, member);
  await page.goto('/payment-success?source=paypal&status=success&tier_id=label&token=not-a-real-order');
  await expect(page.getByTestId('payment-result').getByRole('heading', { name: PAYMENT_TOASTS.activationErrorTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: PAYMENT_TEXTS.invalidTitle })).toHaveCount(0);
  await expect(page.getByTestId('payment-result')).toContainText(PAYMENT_TEXTS.activationFailedBody);
  await expect(page.getByTestId('payment-countdown')).toHaveCount(0);
  await page.clock.fastForward(15_000);
  await expect(page).toHaveURL(/\/payment-success/);
  await expect(page.getByTestId('payment-result')).toContainText(PAYMENT_TEXTS.activationFailedBody);
});

test('thread: a quote shows once, a moderator is told why an edit of another post was not saved, roles read DJ', async ({ page }) => {
  const author = await newMember('quoted');
  const replier = await newMember('quoter');
  await dbQuery("update public.profiles set role = 'dj' where id = $1", [author.id]);
  const thread = await createThread(
    author.id,
    [{ authorId: author.id, content: 'Warm the room up slowly before the peak.' }],
    `Quote once ${randomUUID().slice(0, 6)}`,
  );
  const replyId = randomUUID();
  await dbQuery('insert into public.posts (id, discussion_id, user_id, content, quoted_post_id) values ($1, $2, $3, $4, $5)', [
    replyId,
    thread.id,
    replier.id,
    `> **${author.username} wrote:**\n> Warm the room up slowly before the peak.\n\nAgreed, read the floor first.`,
    thread.posts[0].id,
  ]);
  await signInPage(page, mod.email, mod.password);
  await page.goto(`/discussions/thread/${thread.id}`);
  const reply = page.locator(`[data-post-id="${replyId}"]`);
  await expect(reply).toContainText('Agreed, read the floor first.');
  await expect(reply.getByText('Warm the room up slowly before the peak.')).toHaveCount(1);
  await expect(page.locator(`[data-post-id="${thread.posts[0].id}"]`)).toContainText('DJ');
  await expect(page.locator(`[data-post-id="${thread.posts[0].id}"]`)).not.toContainText('Dj');
  await expect(page).toHaveTitle(new RegExp(thread.title));
  // The moderator edits the reply: the save is refused with a reason and the typed text stays.
  await reply.getByRole('button', { name: THREAD_TEXT.edit }).click();
  await reply.getByLabel(THREAD_TEXT.edit).fill('Moderated text');
  await reply.getByRole('button', { name: THREAD_TEXT.save }).click();
  await expect(page.getByTestId('toast').filter({ hasText: THREAD_TOASTS.editNotAuthor.description })).toBeVisible();
  await expect(reply.getByLabel(THREAD_TEXT.edit)).toHaveValue('Moderated text');
});

test("'Keep offline' shows only with a thread to keep, and a profile tab carries the member's name", async ({ page }) => {
  const member = await newMember('tabname');
  await page.goto(`/discussions/thread/${randomUUID()}`);
  await expect(page).toHaveURL(/\/discussions$/);
  await expect(page.getByRole('button', { name: KEEP_OFFLINE_TEXT.keep })).toHaveCount(0);
  await page.goto(`/profile/${member.username}`);
  await expect(page.getByTestId('profile-header')).toBeVisible();
  await expect(page).toHaveTitle(`${member.username} | ${APP_NAME}`);
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByRole('tabpanel')).not.toContainText('Joined Joined');
});

test('the hub at 360x740 shows at least six discussions on the first screen, each with avatar, category, replies and last activity', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/discussions');
  const cards = page.getByTestId('discussion-card');
  await expect(cards.nth(5)).toBeAttached();
  const onFirstScreen = await cards.evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().bottom <= window.innerHeight).length);
  testInfo.annotations.push({ type: 'discussions on the first 360x740 screen', description: String(onFirstScreen) });
  expect(onFirstScreen).toBeGreaterThanOrEqual(6);
  const first = cards.first();
  await expect(first.getByTestId('card-avatar')).toBeVisible();
  await expect(first.getByTestId('card-category')).toBeVisible();
  await expect(first.getByTestId('card-replies')).toBeVisible();
  await expect(first.locator('time')).toBeVisible();
  // Filters fold behind one control on phones.
  await expect(page.getByTestId('hub-category')).toBeHidden();
  await page.getByRole('button', { name: HUB_TEXT.filters }).click();
  await expect(page.getByTestId('hub-category')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
});

test('a thread at 360 px reads like a conversation: a one-line author and one row of actions', async ({ page }) => {
  const author = await newMember('convo');
  const thread = await createThread(author.id, [
    { authorId: author.id, content: 'Opening words about the set.' },
    { authorId: author.id, content: 'A reply to keep it going.' },
  ]);
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, author);
  await page.goto(`/discussions/thread/${thread.id}`);
  const post = page.locator(`[data-post-id="${thread.posts[1].id}"]`);
  await expect(post.getByRole('button', { name: THREAD_TEXT.edit })).toBeVisible();
  const authorBox = await post.getByTestId('author-card').boundingBox();
  expect(authorBox!.height).toBeLessThanOrEqual(40);
  const tops = await post
    .getByRole('button')
    .evaluateAll((els) => [...new Set(els.filter((e) => e.getClientRects().length > 0).map((e) => Math.round(e.getBoundingClientRect().top)))]);
  expect(tops).toHaveLength(1);
  expect(await sidewaysOverflow(page)).toBe(0);
});
