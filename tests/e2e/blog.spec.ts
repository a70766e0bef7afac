import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BLOG_PAGE_SIZE, BLOG_TEXTS, pageLabel } from '../../src/features/blog/constants';
import { serviceClient, waitForOfflineReady } from '../support/standins/e2e-session';
import { expectDeviceToHold } from './offline-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

async function noSeriousViolations(page: Page, exclude?: string) {
  const builder = new AxeBuilder({ page });
  const { violations } = await (exclude ? builder.exclude(exclude) : builder).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

type Row = { id: string; title: string; slug: string; is_featured: boolean; published_at: string; tags: string[] };

async function publishedPosts(): Promise<Row[]> {
  const { data } = await serviceClient()
    .from('blog_posts')
    .select('id, title, slug, is_featured, published_at, tags')
    .eq('status', 'published')
    .eq('_deleted', false)
    .order('published_at', { ascending: false });
  return data as Row[];
}

test.describe('The Beat Drop', () => {
  test('featured post on top of page 1, 9 per page, paging', async ({ page }) => {
    const posts = await publishedPosts();
    const featured = posts.find((p) => p.is_featured)!;
    const rest = posts.filter((p) => p.id !== featured.id);
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: BLOG_TEXTS.title })).toBeVisible();
    await expect(page.getByTestId('featured-post')).toContainText(featured.title);
    await expect(page.getByTestId('blog-card')).toHaveCount(Math.min(BLOG_PAGE_SIZE, rest.length));
    await expect(page.getByTestId('blog-card').first()).toContainText(rest[0].title);
    const totalPages = Math.ceil(rest.length / BLOG_PAGE_SIZE);
    await expect(page.getByText(pageLabel(1, totalPages))).toBeVisible();
    await noSeriousViolations(page);
    await page.getByRole('button', { name: BLOG_TEXTS.next }).click();
    await expect(page.getByText(pageLabel(2, totalPages))).toBeVisible();
    await expect(page.getByTestId('featured-post')).toHaveCount(0);
    await expect(page.getByTestId('blog-card').first()).toContainText(rest[BLOG_PAGE_SIZE].title);
  });

  test('debounced search and the tag checklist (every selected tag must match)', async ({ page }) => {
    const posts = await publishedPosts();
    await page.goto('/blog');
    const target = posts[posts.length - 1];
    const word = target.title
      .split(' ')
      .find((w) => w.length > 5)!
      .toLowerCase();
    await page.getByLabel(BLOG_TEXTS.searchLabel).fill(word.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`q=${word.toUpperCase()}`));
    // With a search term the featured post steps aside.
    await expect(page.getByTestId('featured-post')).toHaveCount(0);
    await expect(page.getByRole('link', { name: target.title })).toBeVisible();

    await page.getByLabel(BLOG_TEXTS.searchLabel).fill('zzzz-nothing-matches');
    await expect(page.getByText(BLOG_TEXTS.empty)).toBeVisible();
    await expect(page.getByText(BLOG_TEXTS.emptyHint)).toBeVisible();

    await page.goto('/blog');
    const tagged = posts.find((p) => p.tags.length >= 2)!;
    const [a, b] = tagged.tags;
    const expected = posts.filter((p) => p.tags.includes(a) && p.tags.includes(b));
    await page.getByRole('checkbox', { name: a, exact: true }).click();
    await page.getByRole('checkbox', { name: b, exact: true }).click();
    await expect(page.getByTestId('blog-card')).toHaveCount(expected.length);
  });

  test('a hostile markdown body is rendered inert; external links open in a new tab without an opener', async ({ page }) => {
    const slug = `hostile-${Date.now()}`;
    const { data: admin } = await serviceClient().from('profiles').select('id').eq('role', 'admin').limit(1).single();
    const { error } = await serviceClient().from('blog_posts').insert({
      title: 'Hostile post',
      slug,
      status: 'published',
      author_id: admin!.id,
      excerpt: 'careful',
      content:
        'Hello\nworld\n\n<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>\n\n[bad](javascript:window.__pwned=3) [ext](https://example.com/x) <iframe src="https://evil.test"></iframe>',
    });
    expect(error).toBeNull();
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hostile post' })).toBeVisible();
    const body = page.getByTestId('blog-body');
    await expect(body.locator('br')).toHaveCount(1);
    await expect(body.locator('script, iframe, [onerror]')).toHaveCount(0);
    await expect(body.getByRole('link', { name: 'ext' })).toHaveAttribute('target', '_blank');
    await expect(body.getByRole('link', { name: 'ext' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await body.getByText('bad').getAttribute('href')).toBeNull();
    await body.getByText('bad').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // The body is what the hostile author wrote (an image without alt); the page around it must still pass.
    await noSeriousViolations(page, '[data-testid="blog-body"]');
  });

  test('a post shows its date like March 5, 2025, and an unknown slug shows Post Not Found', async ({ page }) => {
    const [post] = await publishedPosts();
    await page.goto(`/blog/${post.slug}`);
    const d = new Date(post.published_at);
    const expected = `${d.toLocaleString('en-US', { month: 'long' })} ${d.getDate()}, ${d.getFullYear()}`;
    await expect(page.getByText(expected, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: BLOG_TEXTS.backToBlog })).toBeVisible();
    await page.goto('/blog/no-such-post-anywhere');
    await expect(page.getByRole('heading', { name: BLOG_TEXTS.notFoundTitle })).toBeVisible();
    await expect(page.getByText(BLOG_TEXTS.notFound)).toBeVisible();
  });

  test('published posts stay readable offline', async ({ page, context }) => {
    const [post] = await publishedPosts();
    await page.goto('/blog');
    await expect(page.getByTestId('blog-card').first()).toBeVisible();
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await waitForOfflineReady(page);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    // The screens may have answered from the server; offline they read what replication stored.
    await expectDeviceToHold(page, post.slug);
    await context.setOffline(true);
    await page.getByRole('link', { name: BLOG_TEXTS.backToBlog }).click();
    await expect(page.getByText(BLOG_TEXTS.offlineNote)).toBeVisible();
    await page.getByRole('link', { name: post.title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await context.setOffline(false);
  });
});
