import { expect, test } from '@playwright/test';
import { HUB_TEXT } from '../../src/features/discussions/constants';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { MESSAGES } from '../../src/lib/shell-constants';
import { createThread, expectDeviceToHold, memberIdOf, sql, waitForWorker } from './offline-support';

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
