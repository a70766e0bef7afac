import { expect, test } from '@playwright/test';
import { HUB_TEXT } from '../../src/features/discussions/constants';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { MESSAGES } from '../../src/lib/shell-constants';
import { LAUNCH_MARKUP_MARKER } from '../../src/lib/launch-markup';
import { createThread, expectDeviceToHold, keptLaunchMarkup, memberIdOf, sql, waitForWorker } from './offline-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

test('home, the hub, a visited thread and a blog post render offline from the local store', async ({ page, context }) => {
  const producer = await memberIdOf(DEMO_ACCOUNTS[1].username);
  const dj = await memberIdOf(DEMO_ACCOUNTS[0].username);
  const thread = await createThread(producer, [
    { authorId: producer, content: 'Load-in is at 9, the booth has two CDJ-3000s and a DJM-V10.' },
    { authorId: dj, content: 'Bring your own headphones, the venue pair crackles on the left side.' },
  ]);
  const [blog] = await sql<{ slug: string; title: string }>(
    "select slug, title from public.blog_posts where status = 'published' and not _deleted order by published_at desc limit 1",
  );

  // Online, as a visitor: the pages a member opens before the gig.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForWorker(page);
  const featured = page.getByTestId('featured-artists');
  await expect(featured.getByRole('listitem').first()).toBeVisible();
  const featuredText = (await featured.textContent()) ?? '';

  await page.goto('/discussions');
  await expect(page.getByRole('heading', { level: 1, name: HUB_TEXT.heading })).toBeVisible();
  await expect(page.getByTestId('discussion-card').filter({ hasText: thread.title })).toBeVisible();

  await page.goto(`/discussions/thread/${thread.id}`);
  for (const post of thread.posts) await expect(page.getByText(post.content)).toBeVisible();

  await page.goto(`/blog/${blog.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
  // The blog screen may have answered from the server; offline needs the replicated copy.
  await expectDeviceToHold(page, blog.slug);

  await context.setOffline(true);

  await page.goto('/');
  await expect(page.getByTestId('connectivity-indicator')).toContainText(MESSAGES.offline);
  await expect(page.getByTestId('featured-artists')).toHaveText(featuredText);

  await page.goto('/discussions');
  await expect(page.getByTestId('discussion-card').filter({ hasText: thread.title })).toBeVisible();
  await expect(page.getByTestId('connectivity-indicator')).toContainText(MESSAGES.offline);
  // The hub's default view first paints what it last showed; a search is answered by the store itself.
  await page.goto(`/discussions?q=${encodeURIComponent(thread.title)}`);
  await expect(page.getByTestId('discussion-card').filter({ hasText: thread.title })).toBeVisible();

  await page.goto(`/discussions/thread/${thread.id}`);
  await expect(page.getByRole('heading', { level: 1, name: thread.title })).toBeVisible();
  for (const post of thread.posts) await expect(page.getByText(post.content)).toBeVisible();

  await page.goto(`/blog/${blog.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
  await expect(page.getByTestId('blog-body')).not.toBeEmpty();
  await expect(page.getByTestId('connectivity-indicator')).toContainText(MESSAGES.offline);
});

test('offline, the hub as it last looked comes with the shell from the worker and paints before the app runs; the app then takes over', async ({
  page,
  context,
}) => {
  const producer = await memberIdOf(DEMO_ACCOUNTS[1].username);
  const thread = await createThread(producer, [{ authorId: producer, content: 'Who has a spare IEC cable for the booth?' }]);

  await page.goto('/discussions');
  await expect(page.getByTestId('discussion-card').filter({ hasText: thread.title })).toBeVisible();
  await waitForWorker(page);
  // Kept in an idle moment after the store's list rendered.
  await expect.poll(async () => (await keptLaunchMarkup(page, '/discussions')) ?? '', { timeout: 15_000 }).toContain(thread.title);
  await context.setOffline(true);

  // A launch whose scripts never run: what shows is what the worker served.
  const bare = await context.newPage();
  const cdp = await context.newCDPSession(bare);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await bare.goto('/discussions', { waitUntil: 'load' });
  // Turned back on only to read the page: the app's own scripts were skipped as the page loaded.
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
  await expect(bare.getByTestId('discussion-card').filter({ hasText: thread.title })).toBeVisible();
  await expect(bare.locator(`#root > template[${LAUNCH_MARKUP_MARKER}]`)).toHaveCount(1);
  await bare.close();

  // With the app running, its first render replaces the markup with the store's list.
  await page.goto('/discussions');
  await expect(page.locator(`[${LAUNCH_MARKUP_MARKER}]`)).toHaveCount(0);
  await expect(page.getByTestId('discussion-card').filter({ hasText: thread.title })).toBeVisible();
  await expect(page.getByTestId('connectivity-indicator')).toContainText(MESSAGES.offline);

  // A query is another view of the hub: the worker serves the bare shell for it.
  const searched = await context.newPage();
  const searchCdp = await context.newCDPSession(searched);
  await searchCdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await searched.goto(`/discussions?q=${encodeURIComponent(thread.title)}`, { waitUntil: 'load' });
  await searchCdp.send('Emulation.setScriptExecutionDisabled', { value: false });
  await expect(searched.getByTestId('discussion-card')).toHaveCount(0);
  await searched.close();
});
