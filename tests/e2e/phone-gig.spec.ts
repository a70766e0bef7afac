import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { threadTag, threadUrl } from '../../supabase/functions/send-push/push-content';
import { INSTALL_TEXT } from '../../src/app/pwa/constants';
import { SHARE_FIELDS, SHARE_TARGET_PATH } from '../../src/app/pwa/share-target';
import { CREATE_TEXT, DISCUSSION_CATEGORIES } from '../../src/features/discussions/constants';
import { STORAGE_TEXT } from '../../src/features/offline/constants';
import { PLAYER_TEXT } from '../../src/features/player/constants';
import { NOTIFICATION_ACTIONS } from '../../src/lib/notification-actions';
import { MESSAGES } from '../../src/lib/shell-constants';
import { newMemberApi, signInApi, signInPage } from '../support/standins/e2e-session';
import { appWorker, clickNotification, pushChannel, readyWorker, syncChannel } from './push-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

type Manifest = {
  shortcuts?: { name: string; url: string }[];
  screenshots?: { src: string; sizes: string; form_factor?: string }[];
  share_target?: {
    action: string;
    method: string;
    enctype: string;
    params: { title: string; text: string; url: string; files: { name: string; accept: string[] }[] };
  };
};

test('the manifest: shortcuts, narrow and wide screenshots of their stated size, and the share target the worker answers', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestUrl = new URL(href!, page.url());
  const manifest = (await (await request.get(manifestUrl.href)).json()) as Manifest;
  // The repository's top-level file is what is served.
  expect(manifest).toEqual(JSON.parse(readFileSync(new URL('../../manifest.webmanifest', import.meta.url), 'utf8')));
  expect(manifest.shortcuts?.map((s) => s.name)).toEqual(['New discussion', 'Notifications', 'Community Hub']);
  for (const shortcut of manifest.shortcuts ?? []) expect((await page.request.get(new URL(shortcut.url, manifestUrl).href)).status(), shortcut.url).toBe(200);
  expect(manifest.screenshots?.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of manifest.screenshots ?? []) {
    const png = await (await request.get(new URL(shot.src, manifestUrl).href)).body();
    const [width, height] = shot.sizes.split('x').map(Number);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], shot.src).toEqual([width, height]);
    // Small: the install sheet fetches them on a phone's connection.
    expect(png.length, shot.src).toBeLessThan(40_000);
  }
  expect(manifest.share_target).toEqual({
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: SHARE_FIELDS.title, text: SHARE_FIELDS.text, url: SHARE_FIELDS.url, files: [{ name: SHARE_FIELDS.file, accept: ['audio/*', 'image/*'] }] },
  });
});

type Shared = { title: string; text: string; url: string; file?: { name: string; type: string; bytes: number[] } };

/** What the phone's share sheet does: a multipart POST of the manifest's fields to the share target (a navigation). */
async function shareInto(page: Page, shared: Shared): Promise<void> {
  await page.evaluate(
    ({ shared, action, fields }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = action;
      for (const name of ['title', 'text', 'url'] as const) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = fields[name];
        input.value = shared[name];
        form.append(input);
      }
      if (shared.file) {
        const input = document.createElement('input');
        input.type = 'file';
        input.name = fields.file;
        const picked = new DataTransfer();
        picked.items.add(new File([new Uint8Array(shared.file.bytes)], shared.file.name, { type: shared.file.type }));
        input.files = picked.files;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { shared, action: SHARE_TARGET_PATH, fields: SHARE_FIELDS },
  );
}

const link = (): Shared => {
  const id = randomUUID().slice(0, 6);
  return { title: `Closing set ${id}`, text: `Recorded last night in the basement (${id})`, url: `https://soundcloud.com/djcircle/closing-set-${id}` };
};

async function expectNewDiscussionPrefilled(page: Page, shared: Shared): Promise<void> {
  await expect(page).toHaveURL(/\/discussions\?shared=/);
  const dialog = page.getByRole('dialog', { name: CREATE_TEXT.dialogTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('#new-discussion-title')).toHaveValue(shared.title);
  await expect(dialog.locator('#new-discussion-content')).toHaveValue(`${shared.text}\n\n${shared.url}`);
}

test.describe('sharing into the app from the phone', () => {
  test('a shared link opens "Start New Discussion" prefilled, online and offline, and posting it creates the discussion', async ({ page, context }) => {
    const account = await newMemberApi('share');
    const { client } = await signInPage(page, account.email, account.password);
    await page.goto('/discussions');
    await readyWorker(page);

    const created = (title: string) => async () =>
      (await client.from('discussions').select('title').eq('user_id', account.id).eq('title', title)).data?.length ?? 0;
    const post = async () => {
      await page.getByTestId('new-discussion-category').click();
      await page.getByRole('option', { name: DISCUSSION_CATEGORIES[0] }).click();
      await page.getByRole('dialog').getByRole('button', { name: CREATE_TEXT.submit }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    };

    const online = link();
    await shareInto(page, online);
    await expectNewDiscussionPrefilled(page, online);
    await post();
    await expect.poll(created(online.title), { timeout: 20_000 }).toBe(1);

    await context.setOffline(true);
    const offline = link();
    await shareInto(page, offline);
    await expectNewDiscussionPrefilled(page, offline);
    await post();
    await context.setOffline(false);
    await expect.poll(created(offline.title), { timeout: 30_000 }).toBe(1);
  });

  test('a second share while a draft is open goes after the draft, never over it', async ({ page }) => {
    const account = await newMemberApi('sharedraft');
    await signInPage(page, account.email, account.password);
    await page.goto('/discussions');
    await readyWorker(page);
    const first = link();
    await shareInto(page, first);
    await expectNewDiscussionPrefilled(page, first);
    const second = link();
    await shareInto(page, second);
    await expect(page).toHaveURL(/\/discussions\?shared=/);
    const dialog = page.getByRole('dialog', { name: CREATE_TEXT.dialogTitle });
    await expect(dialog.locator('#new-discussion-content')).toHaveValue(`${first.text}\n\n${first.url}\n\n${second.text}\n\n${second.url}`);
    await expect(dialog.locator('#new-discussion-title')).toHaveValue(first.title);
  });

  test('a shared audio file opens the content upload with the file attached and the title filled, offline too', async ({ page, context }) => {
    const account = await newMemberApi('shareaudio');
    await signInPage(page, account.email, account.password);
    await page.goto('/');
    await readyWorker(page);
    await context.setOffline(true);
    const shared: Shared = { ...link(), file: { name: 'closing-set.mp3', type: 'audio/mpeg', bytes: [0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0] } };
    await shareInto(page, shared);
    await expect(page).toHaveURL(/\/add-content\?shared=/);
    await expect(page.locator('#content-title')).toHaveValue(shared.title);
    await expect
      .poll(() => page.locator('#content-file').evaluate((input: HTMLInputElement) => [input.files?.[0]?.name, input.files?.[0]?.type, input.files?.[0]?.size]))
      .toEqual(['closing-set.mp3', 'audio/mpeg', 10]);
  });

  test('a visitor is asked to sign in and then lands on the prefilled screen', async ({ page }) => {
    const account = await newMemberApi('sharevisitor');
    await page.goto('/');
    await readyWorker(page);
    const shared = link();
    await shareInto(page, shared);
    await expect(page).toHaveURL(/\/login\?/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expectNewDiscussionPrefilled(page, shared);
  });
});

/** A thread by `author` with one reply by someone else: the author has one unread notification about it. */
async function threadWithUnreadReply() {
  const [authorAccount, replierAccount] = await Promise.all([newMemberApi('gigauthor'), newMemberApi('gigreplier')]);
  const author = await signInApi(authorAccount.email, authorAccount.password);
  const replier = await signInApi(replierAccount.email, replierAccount.password);
  const thread = randomUUID();
  expect(
    (await author.client.from('discussions').insert({ id: thread, user_id: authorAccount.id, title: `Gig ${thread.slice(0, 6)}`, category: 'Production' }))
      .error,
  ).toBeNull();
  expect((await author.client.from('posts').insert({ discussion_id: thread, user_id: authorAccount.id, content: '<p>Opening</p>' })).error).toBeNull();
  const postId = randomUUID();
  expect(
    (await replier.client.from('posts').insert({ id: postId, discussion_id: thread, user_id: replierAccount.id, content: '<p>See you there</p>' })).error,
  ).toBeNull();
  const unread = async () =>
    (await author.client.from('notifications').select('id').eq('user_id', authorAccount.id).eq('related_entity_id', thread).eq('is_read', false)).data
      ?.length ?? 0;
  await expect.poll(unread).toBe(1);
  return { authorAccount, author, thread, postId, unread };
}

/** Records the Badging API's calls (Chromium has it only for installed apps) in the page or the worker. */
const recordBadges = () => {
  const g = globalThis as unknown as { __badges: (number | null)[]; navigator: object };
  g.__badges = [];
  const proto = Object.getPrototypeOf(g.navigator) as Record<string, unknown>;
  proto.setAppBadge = (count?: number) => {
    g.__badges.push(count ?? -1);
    return Promise.resolve();
  };
  proto.clearAppBadge = () => {
    g.__badges.push(null);
    return Promise.resolve();
  };
};

test.describe('notifications on the phone', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
  });

  test('a reply push has Reply and Mark as read; Mark as read is done by the worker with the pages closed, opens nothing, and clears the badge', async ({
    context,
    page,
  }) => {
    const { authorAccount, thread, postId, unread } = await threadWithUnreadReply();
    await signInPage(page, authorAccount.email, authorAccount.password);
    await page.goto('/');
    await readyWorker(page);
    // Signed in: the session is now in the store the worker reads.
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    const worker = await appWorker(context);
    await worker.evaluate(recordBadges);
    const { deliver } = await pushChannel(context, page);
    await deliver({ title: 'reply', body: 'See you there', url: threadUrl(thread, postId), tag: threadTag(thread) });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) =>
            (n as Notification & { actions: { action: string; title: string }[] }).actions.map((a) => [a.action, a.title]),
          ),
        ),
      )
      .toEqual([
        [
          [NOTIFICATION_ACTIONS.reply, NOTIFICATION_ACTIONS.replyTitle],
          [NOTIFICATION_ACTIONS.markRead, NOTIFICATION_ACTIONS.markReadTitle],
        ],
      ]);
    // The push set the icon's count from the server.
    await expect.poll(() => worker.evaluate(() => (globalThis as unknown as { __badges: unknown[] }).__badges)).toEqual([1]);

    await page.close();
    await clickNotification(context, threadTag(thread), NOTIFICATION_ACTIONS.markRead);
    expect(await unread()).toBe(0);
    expect(context.pages()).toHaveLength(0);
    expect(await worker.evaluate(() => (globalThis as unknown as { __badges: unknown[] }).__badges)).toEqual([1, null]);
  });

  test('Reply with inline text is sent by the worker with the pages closed, once, and the notification says so; offline it waits for the sync', async ({
    context,
    page,
  }) => {
    const { authorAccount, author, thread, postId } = await threadWithUnreadReply();
    await signInPage(page, authorAccount.email, authorAccount.password);
    await page.goto('/');
    await readyWorker(page);
    const origin = new URL(page.url()).origin;
    const { deliver } = await pushChannel(context, page);
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length);
    await deliver({ title: 'reply', body: 'See you there', url: threadUrl(thread, postId), tag: threadTag(thread) });
    await expect.poll(shown).toBe(1);
    const channel = await syncChannel(context, origin);
    await page.close();
    const worker = await appWorker(context);
    const notifications = () =>
      worker.evaluate(async () =>
        (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((n) => [n.title, n.body]),
      );
    const mine = (text: string) => async () =>
      (await author.client.from('posts').select('id').eq('discussion_id', thread).eq('user_id', authorAccount.id).eq('content', text)).data?.length ?? 0;

    const text = `On my way ${randomUUID().slice(0, 6)}`;
    await clickNotification(context, threadTag(thread), NOTIFICATION_ACTIONS.reply, text);
    // Sent from the worker: no page opened, and the notification now says it went out.
    expect(await mine(text)()).toBe(1);
    expect(context.pages().filter((p) => p.url().startsWith(origin))).toHaveLength(0);
    expect(await notifications()).toEqual([[NOTIFICATION_ACTIONS.replySentTitle, text]]);

    // No signal: the reply waits on the device and leaves when the browser fires the sync.
    await channel.deliver({ title: 'reply', body: 'Doors at nine', url: threadUrl(thread, postId), tag: threadTag(thread) });
    await expect.poll(async () => (await notifications()).length).toBe(1);
    await context.setOffline(true);
    const later = `Running late ${randomUUID().slice(0, 6)}`;
    await clickNotification(context, threadTag(thread), NOTIFICATION_ACTIONS.reply, later);
    expect(await notifications()).toEqual([[NOTIFICATION_ACTIONS.replyQueuedTitle, NOTIFICATION_ACTIONS.replyQueuedBody]]);
    expect(await mine(later)()).toBe(0);
    await context.setOffline(false);
    await channel.fire();
    await expect.poll(mine(later), { timeout: 20_000 }).toBe(1);
    expect(await mine(text)()).toBe(1);

    // A browser without inline replies: "Reply" takes the app's window to the thread with the editor focused.
    const app = await context.newPage();
    await app.goto('/');
    await channel.deliver({ title: 'reply', body: 'Bring cables', url: threadUrl(thread, postId), tag: threadTag(thread) });
    await expect.poll(async () => (await notifications()).map(([title]) => title)).toEqual(['reply']);
    await clickNotification(context, threadTag(thread), NOTIFICATION_ACTIONS.reply);
    await expect(app).toHaveURL(new RegExp(`/discussions/thread/${thread}\\?post=${postId}$`));
    await expect(app.locator('#reply-content')).toBeFocused();
  });

  test("the page keeps the icon's badge at the unread count and clears it when all are read", async ({ page }) => {
    const { authorAccount } = await threadWithUnreadReply();
    await page.addInitScript(recordBadges);
    await signInPage(page, authorAccount.email, authorAccount.password);
    await page.goto('/');
    const badges = () => page.evaluate(() => (globalThis as unknown as { __badges: unknown[] }).__badges);
    await expect.poll(async () => (await badges()).at(-1), { timeout: 20_000 }).toBe(1);
    await page.getByRole('button', { name: /Notifications, 1 unread/ }).click();
    await page.getByRole('button', { name: MESSAGES.markAllAsRead }).click();
    await expect.poll(async () => (await badges()).at(-1)).toBeNull();
  });
});

test('keeping a thread offline asks the browser to keep the storage, and settings say whether it does', async ({ page }) => {
  // Chromium decides persistence from site engagement; the stand-in grants it, remembers it across loads (as the
  // browser does) and counts the asks.
  await page.addInitScript(() => {
    const persisted = () => sessionStorage.getItem('__persisted') === 'yes';
    StorageManager.prototype.persisted = () => Promise.resolve(persisted());
    StorageManager.prototype.persist = () => {
      sessionStorage.setItem('__persistAsks', String(Number(sessionStorage.getItem('__persistAsks') ?? 0) + 1));
      sessionStorage.setItem('__persisted', 'yes');
      return Promise.resolve(true);
    };
  });
  const account = await newMemberApi('persist');
  const { client } = await signInPage(page, account.email, account.password);
  const thread = randomUUID();
  expect(
    (await client.from('discussions').insert({ id: thread, user_id: account.id, title: `Keep ${thread.slice(0, 6)}`, category: 'Production' })).error,
  ).toBeNull();
  expect((await client.from('posts').insert({ discussion_id: thread, user_id: account.id, content: '<p>Opening</p>' })).error).toBeNull();
  const asks = () => page.evaluate(() => Number(sessionStorage.getItem('__persistAsks') ?? 0));

  await page.goto('/settings/notifications');
  await expect(page.getByTestId('offline-storage-persistent')).toHaveText(STORAGE_TEXT.notPersistent);
  expect(await asks()).toBe(0);

  await page.goto(threadUrl(thread, null));
  await page.getByTestId('keep-offline').click();
  await expect(page.getByTestId('keep-offline')).toHaveAttribute('aria-pressed', 'true');
  expect(await asks()).toBe(1);
  await page.goto('/settings/notifications');
  await expect(page.getByTestId('offline-storage-persistent')).toHaveText(STORAGE_TEXT.persistent);
});

/** A short silent WAV: real audio the browser can play. */
function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(rate * seconds);
  data.fill(128);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

test('a track plays in the mini player with lock-screen controls and keeps playing on other screens', async ({ page }) => {
  // The actions the lock screen has a handler for now: the player sets them again when the track's artist arrives.
  await page.addInitScript(() => {
    const w = window as unknown as { __mediaActions: Set<string> };
    w.__mediaActions = new Set();
    const original = MediaSession.prototype.setActionHandler;
    MediaSession.prototype.setActionHandler = function (action, handler) {
      if (handler) w.__mediaActions.add(action);
      else w.__mediaActions.delete(action);
      return original.call(this, action, handler);
    };
  });
  const account = await newMemberApi('player');
  const { client } = await signInPage(page, account.email, account.password);
  const path = `${account.id}/track/${Date.now()}_set.wav`;
  expect((await client.storage.from('user-content-files').upload(path, silentWav(30), { contentType: 'audio/wav' })).error).toBeNull();
  const contentUrl = client.storage.from('user-content-files').getPublicUrl(path).data.publicUrl;
  const title = `Sunrise set ${randomUUID().slice(0, 6)}`;
  const { data: row, error } = await client
    .from('user_content')
    .insert({ user_id: account.id, title, type: 'track', content_url: contentUrl, is_public: true })
    .select('id')
    .single();
  expect(error).toBeNull();

  await page.goto(`/content/${row!.id}`);
  await page.getByLabel(`Play ${title}`).click();
  const player = page.getByRole('region', { name: PLAYER_TEXT.region });
  await expect(player).toBeVisible();
  await expect(player.getByText(title)).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const m = navigator.mediaSession.metadata;
        return m ? { title: m.title, artist: m.artist, artwork: m.artwork.length } : null;
      }),
    )
    .toEqual({ title, artist: account.username, artwork: 1 });
  expect((await page.evaluate(() => [...(window as unknown as { __mediaActions: Set<string> }).__mediaActions])).sort()).toEqual(
    ['pause', 'play', 'seekbackward', 'seekforward', 'seekto'].sort(),
  );
  const audio = player.locator('audio');
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime > 0)).toBe(true);
  await audio.evaluate((el) => Object.assign(el, { __sameElement: true }));
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');

  // Moving to another screen inside the app: the same element, still playing.
  await page.getByRole('link', { name: 'Discussions', exact: true }).first().click();
  await expect(page).toHaveURL(/\/discussions$/);
  await expect(player).toBeVisible();
  expect(await audio.evaluate((el) => (el as unknown as { __sameElement?: boolean }).__sameElement === true)).toBe(true);
  const before = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(before);

  // Phones first: no sideways scroll at 360 px, no serious axe findings, closed from the keyboard.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const axe = await new AxeBuilder({ page }).include('[data-testid="mini-player"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await player.getByRole('button', { name: PLAYER_TEXT.close }).focus();
  await page.keyboard.press('Enter');
  await expect(player).toHaveCount(0);
  expect(await page.evaluate(() => navigator.mediaSession.metadata)).toBeNull();
});

/** What Chromium fires when the app may be installed; headless Chromium never does, so the test fires it. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        (window as unknown as { __prompted: boolean }).__prompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
}

test('the install offer comes from the second visit, below the screen, and Install opens the browser prompt once', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/');
  await expect(first.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(first);
  await first.waitForTimeout(500);
  await expect(first.getByTestId('install-prompt')).toHaveCount(0);
  await first.close();

  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(page);
  const offer = page.getByRole('region', { name: INSTALL_TEXT.title });
  await expect(offer).toBeVisible();
  // In the page's flow after the screen, never laid over it.
  expect(await offer.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  const mainBottom = await page.locator('#main').evaluate((el) => el.getBoundingClientRect().bottom);
  expect((await offer.boundingBox())!.y).toBeGreaterThanOrEqual(mainBottom);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const axe = await new AxeBuilder({ page }).include('[data-testid="install-prompt"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await offer.getByRole('button', { name: INSTALL_TEXT.install }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __prompted?: boolean }).__prompted)).toBe(true);
  await expect(offer).toHaveCount(0);
  await page.reload();
  await offerInstall(page);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('install-prompt')).toHaveCount(0);
});

test('on an iPhone the second visit explains Add to Home Screen, and "Not now" is remembered', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  const first = await context.newPage();
  await first.goto('/');
  await expect(first.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(first.getByTestId('install-prompt')).toHaveCount(0);
  await first.close();
  const page = await context.newPage();
  await page.goto('/');
  const offer = page.getByRole('region', { name: INSTALL_TEXT.iosTitle });
  await expect(offer).toContainText(INSTALL_TEXT.iosSteps);
  await offer.getByRole('button', { name: INSTALL_TEXT.notNow }).click();
  await expect(offer).toHaveCount(0);
  const again = await context.newPage();
  await again.goto('/');
  await expect(again.getByRole('heading', { level: 1 })).toBeVisible();
  await again.waitForTimeout(500);
  await expect(again.getByTestId('install-prompt')).toHaveCount(0);
  await context.close();
});
