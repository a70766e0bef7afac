import { expect, test } from '@playwright/test';
import { SHARE_PLATFORMS, SHARE_TEXTS } from '../../src/features/share/constants';
import { serviceClient } from '../support/standins/e2e-session';
import { THREADS } from '../../supabase/seed/content/threads';
import { seedId } from '../../supabase/seed/random';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

test('share dialog: 20 platforms with encoded links in a 600x400 pop-up, copy link, Mastodon instance rule', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    const w = window as unknown as { __opened: Array<[string, string, string]> };
    w.__opened = [];
    window.open = ((url: string, target: string, features: string) => {
      w.__opened.push([url, target, features]);
      return null;
    }) as typeof window.open;
  });
  const { data: post } = await serviceClient().from('blog_posts').select('slug, title, excerpt, cover_image_url').eq('status', 'published').limit(1).single();
  await page.goto(`/blog/${post!.slug}`);
  await page.getByRole('button', { name: SHARE_TEXTS.trigger }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-platform]')).toHaveCount(20);

  const url = encodeURIComponent(`${baseURL}/blog/${post!.slug}`);
  const title = encodeURIComponent(post!.title);
  for (const p of SHARE_PLATFORMS.filter((x) => x.template && !x.needsInstance)) await dialog.locator(`[data-platform="${p.id}"]`).click();
  const opened = await page.evaluate(() => (window as unknown as { __opened: Array<[string, string, string]> }).__opened);
  expect(opened).toHaveLength(17);
  for (const [link, , features] of opened) {
    expect(features).toContain('width=600,height=400');
    expect(link).toContain(url);
  }
  expect(opened[0][0]).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
  expect(opened.find(([l]) => l.startsWith('https://x.com'))![0]).toBe(`https://x.com/intent/tweet?url=${url}&text=${title}`);
  expect(opened.find(([l]) => l.startsWith('https://pinterest.com'))![0]).toContain(`media=${encodeURIComponent(post!.cover_image_url!)}`);

  await dialog.locator('[data-platform="mastodon"]').click();
  await expect(page.getByTestId('toast').getByText(SHARE_TEXTS.mastodonRequiredTitle)).toBeVisible();
  await dialog.getByLabel(SHARE_TEXTS.mastodonLabel).fill('https://mastodon.social/');
  await dialog.locator('[data-platform="mastodon"]').click();
  const last = await page.evaluate(() => (window as unknown as { __opened: Array<[string]> }).__opened.at(-1)![0]);
  expect(last).toBe(`https://mastodon.social/share?text=${title}%20${url}`);

  await dialog.locator('[data-platform="discord"]').click();
  await expect(page.getByTestId('toast').getByText(SHARE_TEXTS.linkCopiedTitle)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/${post!.slug}`);
});

test('thread page: the header shares the thread itself, without the ?post= the visitor arrived with', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    const w = window as unknown as { __opened: string[] };
    w.__opened = [];
    window.open = ((url: string) => {
      w.__opened.push(url);
      return null;
    }) as typeof window.open;
  });
  const thread = THREADS[0];
  const id = seedId(`discussion:${thread.key}`);
  await page.goto(`/discussions/thread/${id}?post=${seedId(`post:${thread.key}:1`)}`);
  // A member shares what they have read: the preview's text is the opening post, once the page shows it.
  await expect(page.getByTestId('post').first()).toBeVisible();
  await page.getByTestId('thread-page').getByRole('button', { name: SHARE_TEXTS.trigger }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-platform]')).toHaveCount(20);

  const url = encodeURIComponent(`${baseURL}/discussions/thread/${id}`);
  await dialog.locator('[data-platform="x"]').click();
  await dialog.locator('[data-platform="email"]').click();
  const opened = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
  expect(opened[0]).toBe(`https://x.com/intent/tweet?url=${url}&text=${encodeURIComponent(thread.title)}`);
  // The description is the opening post as plain text.
  const openingStart = thread.opening.replace(/<[^>]+>/g, '').slice(0, 30);
  expect(opened[1]).toContain(`body=${encodeURIComponent(openingStart)}`);

  await dialog.getByRole('button', { name: SHARE_TEXTS.copyLink, exact: true }).click();
  await expect(page.getByTestId('toast').getByText(SHARE_TEXTS.linkCopiedTitle)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/discussions/thread/${id}`);
});
