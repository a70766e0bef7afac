import { expect, test, type Page } from '@playwright/test';
import { dbQuery } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

/** Every image request fails, as when the image hosts cannot be reached (offline, a blocked network). */
async function blockImages(page: Page) {
  await page.route('**/*', (route) => (route.request().resourceType() === 'image' ? route.abort('blockedbyclient') : route.continue()));
}

/** Visible images the browser gave up on: what a member sees as the broken-image icon. */
async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return img.complete && img.naturalWidth === 0 && box.width > 0 && box.height > 0 && getComputedStyle(img).visibility !== 'hidden';
      })
      .map((img) => img.currentSrc || img.src),
  );
}

async function expectPlaceholdersOnly(page: Page, minimum: number) {
  // Give the failures (and the fallback to the original URL) time to settle before checking.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  expect(await brokenImages(page)).toEqual([]);
  await expect(page.getByTestId('image-placeholder').first()).toBeVisible();
  expect(await page.getByTestId('image-placeholder').count()).toBeGreaterThanOrEqual(minimum);
}

test.describe('when images cannot be loaded', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('directory banners show a placeholder, not a broken image', async ({ page }) => {
    await blockImages(page);
    await page.goto('/directory');
    await expect(page.getByTestId('directory-card').first()).toBeVisible();
    await expectPlaceholdersOnly(page, 1);
  });

  test("a profile's banner shows a placeholder", async ({ page }) => {
    const [member] = await dbQuery<{ username: string }>('select username from public.profiles where not _deleted order by karma desc limit 1');
    await blockImages(page);
    await page.goto(`/profile/${member.username}`);
    await expect(page.getByTestId('profile-header')).toBeVisible();
    await expectPlaceholdersOnly(page, 1);
  });

  test('blog covers show a placeholder', async ({ page }) => {
    await blockImages(page);
    await page.goto('/blog');
    await expect(page.getByTestId('blog-card').first()).toBeVisible();
    await expectPlaceholdersOnly(page, 1);
  });

  test('search thumbnails show a placeholder', async ({ page }) => {
    await blockImages(page);
    await page.goto('/search?q=beatmatching&type=blog_posts');
    await expect(page.getByTestId('result-blog_post').first()).toBeVisible();
    await expectPlaceholdersOnly(page, 1);
  });
});
