import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { PUSH_TEXTS as SERVER_TEXTS, threadTag, threadUrl } from '../../supabase/functions/send-push/push-content';
import { REPLY_TEXT } from '../../src/features/discussions/constants';
import { PUSH_OFFER_DECIDED_KEY, PUSH_TEXTS } from '../../src/features/push/constants';
import { newMemberApi, signInApi, signInPage } from '../support/standins/e2e-session';
import { startPushServiceStandIn, type PushServiceStandIn } from '../support/standins/push-service';
import { clickNotification, pushChannel, readyWorker } from './push-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

type Shown = { title: string; body: string; tag: string; icon: string; badge: string; data: { url?: string } };

async function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: (n as Notification & { badge: string }).badge,
      data: n.data as { url?: string },
    }));
  });
}

async function waitForNotifications(page: Page, count: number): Promise<Shown[]> {
  await expect.poll(async () => (await shownNotifications(page)).length, { timeout: 10_000 }).toBe(count);
  return shownNotifications(page);
}

/**
 * A thread that exists on the server: the app sends a member away from a thread the server says
 * is missing, so a made-up id would leave the thread page before the assertions look at it.
 */
async function existingThread(): Promise<string> {
  const account = await newMemberApi('pushthread');
  const { client } = await signInApi(account.email, account.password);
  const id = randomUUID();
  expect((await client.from('discussions').insert({ id, user_id: account.id, title: `Push ${id.slice(0, 6)}`, category: 'Production' })).error).toBeNull();
  expect((await client.from('posts').insert({ discussion_id: id, user_id: account.id, content: '<p>Opening</p>' })).error).toBeNull();
  return id;
}

test.describe('push notifications in Chromium', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
  });

  test('a push is shown with the app icon and badge, repeats on a thread collapse into one, and a click takes the window to the thread', async ({
    context,
    page,
  }) => {
    const thread = await existingThread();
    await page.goto('/discussions');
    await readyWorker(page);
    const { deliver } = await pushChannel(context, page);
    const firstPost = randomUUID();
    const secondPost = randomUUID();

    await deliver({ title: 'first', body: 'one', url: threadUrl(thread, firstPost), tag: threadTag(thread) });
    const shown = await waitForNotifications(page, 1);
    expect(shown[0]).toMatchObject({ title: 'first', body: 'one', tag: threadTag(thread), data: { url: threadUrl(thread, firstPost) } });
    expect(new URL(shown[0]!.icon).pathname).toBe('/icons/icon-192.png');
    expect(new URL(shown[0]!.badge).pathname).toBe('/icons/icon-192.png');

    await deliver({ title: 'second', body: 'two', url: threadUrl(thread, secondPost), tag: threadTag(thread) });
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.title)).toEqual(['second']);

    await clickNotification(context, threadTag(thread));
    await expect(page).toHaveURL(new RegExp(`/discussions/thread/${thread}\\?post=${secondPost}$`));
    await expect.poll(async () => (await shownNotifications(page)).length).toBe(0);
    expect(context.pages()).toHaveLength(1);
  });

  test('no notification while the member is looking at that thread; other threads still notify', async ({ context, page }) => {
    const [watched, other] = await Promise.all([existingThread(), existingThread()]);
    await page.goto(threadUrl(watched, null));
    await readyWorker(page);
    await page.bringToFront();
    await expect.poll(() => page.evaluate(() => document.hasFocus() && document.visibilityState === 'visible')).toBe(true);
    const { deliver } = await pushChannel(context, page);

    // Pushes are handled in the order they arrive: once the second is shown, the first was handled (and not shown).
    await deliver({ title: 'watched', body: 'here', url: threadUrl(watched, randomUUID()), tag: threadTag(watched) });
    await deliver({ title: 'elsewhere', body: 'there', url: threadUrl(other, randomUUID()), tag: threadTag(other) });
    const shown = await waitForNotifications(page, 1);
    expect(shown.map((n) => n.title)).toEqual(['elsewhere']);
  });

  test("end to end: a reply on the server reaches the discussion author's device as one push, shown and opening the thread", async ({ context, page }) => {
    const pushService: PushServiceStandIn = await startPushServiceStandIn();
    await pushService.allowIn(process.env.E2E_DB_URL!);
    try {
      const [authorAccount, replierAccount] = await Promise.all([newMemberApi('e2epusha'), newMemberApi('e2epushb')]);
      const author = await signInApi(authorAccount.email, authorAccount.password);
      const replier = await signInApi(replierAccount.email, replierAccount.password);
      // Headless Chromium cannot reach a real push service, so the author's device subscription is the stand-in's.
      const device = pushService.subscribe();
      expect(
        (await author.client.from('push_subscriptions').insert({ user_id: authorAccount.id, endpoint: device.endpoint, ...device.keys })).error,
      ).toBeNull();
      const thread = randomUUID();
      const title = `Push e2e ${thread.slice(0, 6)}`;
      expect((await author.client.from('discussions').insert({ id: thread, user_id: authorAccount.id, title, category: 'Production' })).error).toBeNull();
      expect((await author.client.from('posts').insert({ discussion_id: thread, user_id: authorAccount.id, content: '<p>Opening</p>' })).error).toBeNull();

      const postId = randomUUID();
      expect(
        (await replier.client.from('posts').insert({ id: postId, discussion_id: thread, user_id: replierAccount.id, content: '<p>Nice one</p>' })).error,
      ).toBeNull();
      await pushService.waitFor(() => pushService.pushesFor(device).length >= 1);
      await new Promise((r) => setTimeout(r, 700));
      const received = pushService.pushesFor(device);
      expect(received).toHaveLength(1);
      const payload = received[0]!.payload as { url: string; title: string };
      expect(payload).toMatchObject({ url: threadUrl(thread, postId), title: SERVER_TEXTS.reply(replierAccount.username, title) });

      // What the push service decrypted is what the browser's worker would get.
      await page.goto('/');
      await readyWorker(page);
      const { deliver } = await pushChannel(context, page);
      await deliver(payload);
      const [shown] = await waitForNotifications(page, 1);
      expect(shown).toMatchObject({ title: payload.title, data: { url: threadUrl(thread, postId) } });
      await clickNotification(context, threadTag(thread));
      await expect(page).toHaveURL(new RegExp(`/discussions/thread/${thread}\\?post=${postId}$`));
    } finally {
      await pushService.stop();
    }
  });

  test('settings: the browser is asked for permission only after the member turns push on', async ({ browser, baseURL }) => {
    // A context without the permission granted, counting every request for it.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __permissionAsks: number };
      w.__permissionAsks = 0;
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        w.__permissionAsks++;
        return original(...args);
      };
    });
    const account = await newMemberApi('e2epushs');
    await signInPage(page, account.email, account.password);
    await page.goto('/settings/notifications');
    const section = page.getByTestId('push-settings');
    await expect(section.getByRole('heading', { name: PUSH_TEXTS.sectionTitle })).toBeVisible();
    const toggle = section.getByRole('switch', { name: PUSH_TEXTS.deviceSwitch });
    await expect(toggle).toBeEnabled();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(await page.evaluate(() => (window as unknown as { __permissionAsks: number }).__permissionAsks)).toBe(0);

    await toggle.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __permissionAsks: number }).__permissionAsks)).toBe(1);
    // Headless Chromium answers the prompt itself without granting; push stays off and the member is told.
    await expect(section.getByRole('alert')).toHaveText(/Notifications (were not allowed|are blocked)/);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await context.close();
  });
});

test('the offer to turn push on comes after the member replies, not while reading, and "Not now" is remembered', async ({ page }) => {
  const account = await newMemberApi('offer');
  const { client } = await signInPage(page, account.email, account.password);
  const thread = randomUUID();
  expect(
    (await client.from('discussions').insert({ id: thread, user_id: account.id, title: `Offer ${thread.slice(0, 6)}`, category: 'Production' })).error,
  ).toBeNull();
  expect((await client.from('posts').insert({ discussion_id: thread, user_id: account.id, content: '<p>Opening</p>' })).error).toBeNull();
  const offer = page.getByRole('region', { name: PUSH_TEXTS.offerTitle });

  await page.goto(threadUrl(thread, null));
  await expect(page.getByText('Opening')).toBeVisible();
  await expect(page.locator('#reply-content')).toBeVisible();
  await expect(offer).toHaveCount(0);

  await page.locator('#reply-content').fill('First reply of mine');
  await page.getByRole('button', { name: REPLY_TEXT.submit }).click();
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: PUSH_TEXTS.offerDismiss }).click();
  await expect(offer).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), PUSH_OFFER_DECIDED_KEY)).toBe('dismissed');

  await page.reload();
  await page.locator('#reply-content').fill('Second reply of mine');
  await page.getByRole('button', { name: REPLY_TEXT.submit }).click();
  await expect(page.getByText('Second reply of mine')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(offer).toHaveCount(0);
});
