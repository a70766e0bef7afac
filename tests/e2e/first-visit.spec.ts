import { expect, test, type Request } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { brotliDecompressSync } from 'node:zlib';
import { WEB_APP_MANIFEST_PATH } from '../../src/app/pwa/web-app-manifest';
import { THREAD_TOASTS } from '../../src/features/discussions/constants';
import { newMemberApi, serviceClient } from '../support/standins/e2e-session';
import { createThread, expectDeviceToHold } from './offline-support';
import { holdReplication, recordLayoutShifts, shiftsSince } from './first-visit-support';

// The first visit of a shared thread link on a phone that has never opened the app.
if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const POSTS = 14;

test('an empty device shows a shared thread from the server before its store has synced, and the store takes over without a shift', async ({ page }) => {
  const [alice, bob] = await Promise.all([newMemberApi('firstvisit'), newMemberApi('firstvisitb')]);
  const tag = randomUUID().slice(0, 8);
  const thread = await createThread(
    alice.id,
    Array.from({ length: POSTS }, (_, i) => ({ authorId: i % 2 === 0 ? alice.id : bob.id, content: `First visit post ${i + 1} of ${tag}` })),
  );

  // One post quotes a post of another thread: the server's copy shows that quote too.
  const elsewhere = await createThread(bob.id, [{ authorId: bob.id, content: `Quoted from elsewhere ${tag}` }]);
  const quoting = await serviceClient().from('posts').update({ quoted_post_id: elsewhere.posts[0]!.id }).eq('id', thread.posts[2]!.id);
  expect(quoting.error).toBeNull();
  const replication = await holdReplication(page);
  await recordLayoutShifts(page);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto(`/discussions/thread/${thread.id}`);
  await expect(page.getByTestId('thread-title')).toHaveText(thread.title);
  await expect(page.getByTestId('post')).toHaveCount(POSTS);
  await expect(page.getByTestId('post').first()).toContainText(thread.posts[0]!.content);
  await expect(page.getByTestId('post').last()).toContainText(thread.posts[POSTS - 1]!.content);
  await expect(page.getByTestId('post').first()).toContainText(alice.username);
  await expect(page.getByTestId('post').nth(1)).toContainText(bob.username);
  await expect(page.getByTestId('post').nth(2).getByTestId('quote-preview')).toContainText(`Quoted from elsewhere ${tag}`);
  // The store opened and asked for its rows meanwhile, and got nothing yet: what shows came from the server.
  await expect.poll(() => replication.held(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('post')).toHaveCount(POSTS);

  // The server changes a post meanwhile: the screen shows the change only once the store, which pulls it after
  // the release, renders the thread (the server's copy was read before). As short as the original: one line either way.
  const edited = `Edited visit post 1 of ${tag}`;
  const { error } = await serviceClient().from('posts').update({ content: edited }).eq('id', thread.posts[0]!.id);
  expect(error).toBeNull();

  // The nodes on screen now must be the ones on screen after the store takes over: no skeleton in between.
  await page
    .getByTestId('post')
    .first()
    .evaluate((el) => el.setAttribute('data-first-render', 'kept'));
  const handOverStart = await page.evaluate(() => performance.now());
  replication.release();

  await expect(page.getByTestId('post').first()).toContainText(edited, { timeout: 20_000 });
  await expectDeviceToHold(page, thread.posts[POSTS - 1]!.content);
  await expect(page.getByTestId('post')).toHaveCount(POSTS);
  await expect(page.getByTestId('post').first()).toHaveAttribute('data-first-render', 'kept');
  expect(await shiftsSince(page, handOverStart)).toBe(0);
  expect(await shiftsSince(page, 0)).toBeLessThan(0.1);
});

test('an empty device lists the hub from the server before its store has synced, and the store takes over without a shift', async ({ page }) => {
  const author = await newMemberApi('firstvisithub');
  const thread = await createThread(author.id, [{ authorId: author.id, content: 'Opening the hub test' }], `First visit hub ${randomUUID().slice(0, 8)}`);
  const replication = await holdReplication(page);
  await recordLayoutShifts(page);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto('/discussions');
  const card = page.getByTestId('discussion-card').filter({ hasText: thread.title });
  await expect(card).toBeVisible();
  await expect.poll(() => replication.held(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(card).toBeVisible();

  // Renamed on the server meanwhile (as long as before): only the store, pulling after the release, shows it.
  const renamed = thread.title.replace('First visit hub', 'Renamed visit hub');
  const { error } = await serviceClient().from('discussions').update({ title: renamed }).eq('id', thread.id);
  expect(error).toBeNull();
  await card.evaluate((el) => el.setAttribute('data-first-render', 'kept'));
  const handOverStart = await page.evaluate(() => performance.now());
  replication.release();

  const renamedCard = page.getByTestId('discussion-card').filter({ hasText: renamed });
  await expect(renamedCard).toBeVisible({ timeout: 20_000 });
  await expect(renamedCard).toHaveAttribute('data-first-render', 'kept');
  expect(await shiftsSince(page, handOverStart)).toBe(0);
  expect(await shiftsSince(page, 0)).toBeLessThan(0.1);
});

test("the app's first paint of a shared thread is its page, never the shell around an empty main region", async ({ page }) => {
  const author = await newMemberApi('firstpaint');
  const thread = await createThread(author.id, [{ authorId: author.id, content: 'First paint post' }]);
  // What #main holds when React first puts the app into #root (one commit inserts the whole tree).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root || root.childElementCount === 0) return;
      observer.disconnect();
      (window as unknown as { __firstMain: number }).__firstMain = document.getElementById('main')?.childElementCount ?? -1;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/discussions/thread/${thread.id}`);
  await expect(page.getByTestId('thread-title')).toHaveText(thread.title);
  expect(await page.evaluate(() => (window as unknown as { __firstMain: number }).__firstMain)).toBeGreaterThan(0);
});

test('an empty device told by the server that a shared thread does not exist says so at once, not once its store has opened', async ({ page }) => {
  const replication = await holdReplication(page);
  await page.goto(`/discussions/thread/${randomUUID()}`);
  // The store cannot answer while replication is held and the launch waits for a quiet spell: only the server's read can.
  await expect(page.getByText(THREAD_TOASTS.notFoundToast.description).first()).toBeVisible({ timeout: 4_000 });
  await expect(page).toHaveURL(/\/discussions$/);
  replication.release();
});

/** The thread's own reads by the visitor (plain fetches, not replication): the thread row and its posts. */
function isThreadRead(request: Request, threadId: string, table: 'discussions' | 'posts'): boolean {
  const url = new URL(request.url());
  return (
    request.method() === 'GET' &&
    !request.headers()['x-client-info'] &&
    url.pathname.endsWith(`/rest/v1/${table}`) &&
    url.searchParams.get(table === 'posts' ? 'discussion_id' : 'id') === `eq.${threadId}`
  );
}

test("the page starts the thread's read before the app's JavaScript and stylesheet have arrived, and the app renders that answer without asking again", async ({
  page,
}) => {
  const author = await newMemberApi('earlyread');
  const thread = await createThread(author.id, [
    { authorId: author.id, content: `Early read post 1 ${randomUUID().slice(0, 8)}` },
    { authorId: author.id, content: 'Early read post 2' },
  ]);
  const replication = await holdReplication(page);
  const reads: Request[] = [];
  page.on('request', (request) => {
    if (isThreadRead(request, thread.id, 'posts') || isThreadRead(request, thread.id, 'discussions')) reads.push(request);
  });
  // CORS preflights (an OPTIONS round trip before a request with headers of its own) show only to the protocol.
  const preflighted: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.method === 'OPTIONS' && event.request.url.includes(thread.id)) preflighted.push(event.request.url);
  });
  await cdp.send('Network.enable');
  // The app's scripts and stylesheet are held until the thread's posts were asked for (at most a few seconds):
  // only the page itself can have asked by then, and not from behind the stylesheet, which holds back any
  // script placed after it.
  let postsAskedBeforeScripts = false;
  const postsAsked = page
    .waitForRequest((request) => isThreadRead(request, thread.id, 'posts'), { timeout: 5_000 })
    .then(
      () => (postsAskedBeforeScripts = true),
      () => undefined,
    );
  await page.route('**/assets/*.{js,css}', async (route) => {
    await postsAsked;
    await route.fallback();
  });

  await page.goto(`/discussions/thread/${thread.id}`);
  await expect(page.getByTestId('thread-title')).toHaveText(thread.title);
  await expect(page.getByTestId('post')).toHaveCount(2);
  await expect(page.getByTestId('post').first()).toContainText(thread.posts[0]!.content);
  expect(postsAskedBeforeScripts).toBe(true);
  // The page's reads carry no header of their own, so they went at once, with no preflight before them.
  expect(preflighted).toEqual([]);
  // One request for the thread and one for its posts: the app took the page's answers over.
  await expect.poll(() => replication.held(), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(reads.filter((r) => isThreadRead(r, thread.id, 'posts'))).toHaveLength(1);
  expect(reads.filter((r) => isThreadRead(r, thread.id, 'discussions'))).toHaveLength(1);
  replication.release();
});

test("when the page's early read of a thread fails, the app reads the thread itself", async ({ page }) => {
  const author = await newMemberApi('earlyfail');
  const thread = await createThread(author.id, [{ authorId: author.id, content: `Early read refused ${randomUUID().slice(0, 8)}` }]);
  const replication = await holdReplication(page);
  let postsReads = 0;
  // The first read of the posts (the page's) gets a server error; later ones go through.
  await page.route('**/rest/v1/posts?*', async (route) => {
    if (!isThreadRead(route.request(), thread.id, 'posts')) return route.fallback();
    postsReads++;
    if (postsReads === 1) return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' });
    return route.fallback();
  });

  await page.goto(`/discussions/thread/${thread.id}`);
  await expect(page.getByTestId('post')).toHaveCount(1);
  await expect(page.getByTestId('post').first()).toContainText(thread.posts[0]!.content);
  expect(postsReads).toBe(2);
  // Shown from the server's answer to the app, not from the store: replication is still held.
  await expect.poll(() => replication.held(), { timeout: 20_000 }).toBeGreaterThan(0);
  replication.release();
});

test("the app's scripts and stylesheet reach the browser Brotli-compressed, byte for byte the build's", async ({ baseURL }) => {
  const html = await (await fetch(new URL('/', baseURL))).text();
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(files.some((f) => f.endsWith('.js')) && files.some((f) => f.endsWith('.css'))).toBe(true);
  for (const file of files) {
    const url = new URL(file, baseURL);
    const [plain, brotli] = await Promise.all([rawGet(url, 'identity'), rawGet(url, 'gzip, deflate, br, zstd')]);
    expect(brotli.encoding, file).toBe('br');
    expect(brotliDecompressSync(brotli.body).equals(plain.body), file).toBe(true);
    // Smaller than the gzip the server would send otherwise.
    const gzip = await rawGet(url, 'gzip');
    expect(gzip.encoding, file).toBe('gzip');
    expect(brotli.body.length, file).toBeLessThan(gzip.body.length);
  }
});

test('a first visit links the web app manifest (which the browser then fetches with its icons) only once its first screen is shown', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/${WEB_APP_MANIFEST_PATH}`, { timeout: 20_000 });
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
});

/** One GET with the given Accept-Encoding, its body as sent (not decoded) and its Content-Encoding. */
function rawGet(url: URL, acceptEncoding: string): Promise<{ encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    (url.protocol === 'https:' ? httpsGet : httpGet)(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url.pathname}: HTTP ${response.statusCode}`));
        else resolve({ encoding: String(response.headers['content-encoding'] ?? 'identity'), body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}
