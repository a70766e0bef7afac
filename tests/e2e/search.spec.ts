import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { SEARCH_TEXTS, noResultsText } from '../../src/features/search/constants';
import { BLOG_POSTS } from '../../supabase/seed/content/blog';
import { waitForOfflineReady } from '../support/standins/e2e-session';
import { expectDeviceToHold } from './offline-support';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

test.describe('universal search', () => {
  test('empty state, required term, online results with summary, type filter and no-result text', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByText(SEARCH_TEXTS.start)).toBeVisible();
    await page.getByRole('button', { name: SEARCH_TEXTS.submit, exact: true }).click();
    await expect(page.getByTestId('toast').getByText(SEARCH_TEXTS.termRequiredDescription)).toBeVisible();

    await page.getByLabel(SEARCH_TEXTS.inputLabel).fill('beatmatching');
    await page.getByRole('button', { name: SEARCH_TEXTS.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=beatmatching&page=1$/);
    await expect(page.getByTestId('search-summary')).toContainText(/Showing \d+ of \d+ results for/);
    await expect(page.getByTestId('result-blog_post').first()).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await page.getByLabel(SEARCH_TEXTS.typeLabel).selectOption('discussions');
    await page.getByRole('button', { name: SEARCH_TEXTS.submit, exact: true }).click();
    await expect(page).toHaveURL(/type=discussions/);
    await expect(page.getByTestId('result-blog_post')).toHaveCount(0);

    await page.goto('/search?q=qqqxyzzyqqq');
    await expect(page.getByTestId('search-no-results')).toHaveText(noResultsText('qqqxyzzyqqq'));
  });

  test('offline, results come from the device with a note', async ({ page, context }) => {
    await page.goto('/blog');
    await expect(page.getByTestId('blog-card').first()).toBeVisible();
    await page.goto('/search');
    await waitForOfflineReady(page);
    // Offline, search reads what replication stored: wait for the post the term finds.
    const post = BLOG_POSTS.find((p) => p.status === 'published' && p.title.toLowerCase().includes('beatmatching'))!;
    await expectDeviceToHold(page, post.slug);
    await context.setOffline(true);
    await page.getByLabel(SEARCH_TEXTS.inputLabel).fill('beatmatching');
    await page.getByRole('button', { name: SEARCH_TEXTS.submit, exact: true }).click();
    await expect(page.getByText(SEARCH_TEXTS.offlineNote)).toBeVisible();
    await expect(page.getByTestId('result-blog_post').first()).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe('search before the answer or the first sync', () => {
  // Requests are held or refused by the test; a service worker would fetch them out of its reach.
  test.use({ serviceWorkers: 'block' });

  test('a search that has not answered yet says searching, never the empty text of the one before', async ({ page }) => {
    await page.goto('/search?q=qqqxyzzyqqq');
    await expect(page.getByTestId('search-no-results')).toHaveText(noResultsText('qqqxyzzyqqq'));
    // The next search's answer is slow to come.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/functions/v1/universal-search', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel(SEARCH_TEXTS.inputLabel).fill('beatmatching');
    await page.getByRole('button', { name: SEARCH_TEXTS.submit, exact: true }).click();
    await expect(page).toHaveURL(/q=beatmatching/);
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId('search-no-results')).toHaveCount(0);
    await expect(page.getByTestId('search-summary')).toHaveCount(0);
    await expect(page.getByRole('status', { name: SEARCH_TEXTS.searching })).toBeVisible();
    release();
    await expect(page.getByTestId('search-summary')).toContainText(/Showing \d+ of \d+ results for/);
    await expect(page.getByTestId('result-blog_post').first()).toBeVisible();
  });

  test('offline on a device that never synced, search says so instead of "no results"', async ({ page, context }) => {
    // Nothing reaches the device: every pull is refused, as on a dead connection.
    await page.route(/\/rest\/v1\//, (route) => route.abort('internetdisconnected'));
    // A pull tried means the local store and its code are loaded: only the data never came.
    const pullTried = page.waitForRequest(/\/rest\/v1\//);
    await page.goto('/search');
    await expect(page.getByLabel(SEARCH_TEXTS.inputLabel)).toBeVisible();
    await pullTried;
    await context.setOffline(true);
    await page.getByLabel(SEARCH_TEXTS.inputLabel).fill('beatmatching');
    await page.getByRole('button', { name: SEARCH_TEXTS.submit, exact: true }).click();
    await expect(page.getByText(SEARCH_TEXTS.offlineNote)).toBeVisible();
    await expect(page.getByTestId('search-no-results')).toHaveCount(0);
    await expect(page.getByTestId('search-not-synced')).toHaveText(SEARCH_TEXTS.notSynced);
    await context.setOffline(false);
  });
});
