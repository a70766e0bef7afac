import { expect, test, type Page } from '@playwright/test';
import { DIRECTORY_MESSAGES, DIRECTORY_PAGE_SIZE, DIRECTORY_SEARCH_DEBOUNCE_MS, SORT_LABELS } from '../../src/features/directory/constants';
import { dbQuery } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

async function memberCount(role?: string): Promise<number> {
  const rows = await dbQuery<{ n: string }>(`select count(*) as n from public.profiles where not _deleted ${role ? 'and role = $1' : ''}`, role ? [role] : []);
  return Number(rows[0].n);
}

const cards = (page: Page) => page.getByTestId('directory-card');
const pageLabel = (page: Page) => page.getByTestId('directory-page');

async function chooseSort(page: Page, label: string) {
  await page.getByTestId('directory-sort').click();
  await page.getByRole('option', { name: label }).click();
}

test('pages through every member, 12 at a time, newest first', async ({ page }) => {
  const total = await memberCount();
  const pages = Math.ceil(total / DIRECTORY_PAGE_SIZE);
  await page.goto('/directory');
  await expect(page.getByRole('heading', { level: 1, name: DIRECTORY_MESSAGES.title })).toBeVisible();
  await expect(pageLabel(page)).toHaveText(DIRECTORY_MESSAGES.pageOf(1, pages));
  await expect(cards(page)).toHaveCount(DIRECTORY_PAGE_SIZE);
  await expect(page.getByTestId('directory-sort')).toHaveText(SORT_LABELS.created_at_desc);
  const newest = await dbQuery<{ username: string }>('select username from public.profiles where not _deleted order by created_at desc, id desc limit 1');
  await expect(cards(page).first()).toContainText(`@${newest[0].username}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(pageLabel(page)).toHaveText(DIRECTORY_MESSAGES.pageOf(2, pages));
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(pageLabel(page)).toHaveText(DIRECTORY_MESSAGES.pageOf(1, pages));
});

test('category tabs filter by role, and changing filter or sort goes back to page 1', async ({ page }) => {
  await page.goto('/directory?page=2');
  await expect(pageLabel(page)).toContainText('Page 2 of');
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'DJs' }).click();
  await expect(page).toHaveURL(/\/directory\/DJ$/);
  const djs = await memberCount('dj');
  await expect(cards(page)).toHaveCount(Math.min(djs, DIRECTORY_PAGE_SIZE));
  for (const card of await cards(page).all()) await expect(card).toContainText('DJ');
  await expect(pageLabel(page)).toHaveText(DIRECTORY_MESSAGES.pageOf(1, Math.ceil(djs / DIRECTORY_PAGE_SIZE)));

  await page.goto('/directory?page=2');
  await chooseSort(page, SORT_LABELS.karma_desc);
  await expect(page).toHaveURL(/sort=karma_desc/);
  await expect(page).not.toHaveURL(/page=2/);
  const top = await dbQuery<{ username: string }>('select username from public.profiles where not _deleted order by karma desc, id asc limit 1');
  await expect(cards(page).first()).toContainText(`@${top[0].username}`);
  await chooseSort(page, SORT_LABELS.karma_asc);
  const bottom = await dbQuery<{ username: string }>('select username from public.profiles where not _deleted order by karma asc, id asc limit 1');
  await expect(cards(page).first()).toContainText(`@${bottom[0].username}`);
  await chooseSort(page, SORT_LABELS.display_name_asc);
  await expect(page).toHaveURL(/sort=display_name_asc/);
});

test("search waits for a pause in typing, matches bio and location, and says 'No Profiles Found'", async ({ page }) => {
  await page.goto('/directory');
  await expect(cards(page)).toHaveCount(DIRECTORY_PAGE_SIZE);
  const search = page.getByRole('searchbox', { name: DIRECTORY_MESSAGES.searchLabel });
  // Timed inside the page, from the keystroke to the moment one card is left, so a loaded
  // machine can only lengthen the gap and never fakes or hides a missing debounce.
  await search.evaluate((box) => {
    const marks = window as unknown as { typedAt?: number; filteredAt?: number };
    box.addEventListener(
      'input',
      () => {
        marks.typedAt = performance.now();
      },
      { once: true },
    );
    new MutationObserver(() => {
      if (marks.filteredAt === undefined && document.querySelectorAll('[data-testid="directory-card"]').length === 1) {
        marks.filteredAt = performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await search.fill('tbilisi');
  await expect(cards(page)).toHaveCount(1);
  const gap = await page.evaluate(() => {
    const marks = window as unknown as { typedAt?: number; filteredAt?: number };
    return (marks.filteredAt ?? 0) - (marks.typedAt ?? Infinity);
  });
  expect(gap).toBeGreaterThanOrEqual(DIRECTORY_SEARCH_DEBOUNCE_MS);
  await expect(cards(page).first()).toContainText('@nadia_k');
  await expect(page).toHaveURL(/q=tbilisi/);
  await search.fill('zzz-no-such-member');
  await expect(page.getByRole('heading', { name: DIRECTORY_MESSAGES.empty })).toBeVisible();
  await search.fill('');
  await expect(cards(page)).toHaveCount(DIRECTORY_PAGE_SIZE);
});

test('filtering, sorting, searching and paging keep working offline from the local store', async ({ page, context }) => {
  const total = await memberCount();
  await page.goto('/directory');
  await expect(cards(page)).toHaveCount(DIRECTORY_PAGE_SIZE);
  // Other screens' code comes from the service worker's precache offline: wait until it controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await expect(cards(page)).toHaveCount(DIRECTORY_PAGE_SIZE);
  await context.setOffline(true);
  await expect(page.getByTestId('connectivity-indicator')).toContainText('Offline');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(pageLabel(page)).toHaveText(DIRECTORY_MESSAGES.pageOf(2, Math.ceil(total / DIRECTORY_PAGE_SIZE)));
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Producers' }).click();
  const producers = await memberCount('producer');
  await expect(cards(page)).toHaveCount(Math.min(producers, DIRECTORY_PAGE_SIZE));
  await expect(pageLabel(page)).toHaveText(DIRECTORY_MESSAGES.pageOf(1, Math.ceil(producers / DIRECTORY_PAGE_SIZE)));
  await chooseSort(page, SORT_LABELS.karma_desc);
  const top = await dbQuery<{ username: string }>(
    "select username from public.profiles where not _deleted and role = 'producer' order by karma desc, id asc limit 1",
  );
  await expect(cards(page).first()).toContainText(`@${top[0].username}`);
  await page.getByRole('searchbox', { name: DIRECTORY_MESSAGES.searchLabel }).fill('zzz-nobody');
  await expect(page.getByRole('heading', { name: DIRECTORY_MESSAGES.empty })).toBeVisible();
  await context.setOffline(false);
});
