/**
 * Every route at 360x740 and 1280x900 in both themes, as a visitor, a member
 * (online and offline) and an admin: the page never scrolls sideways and axe
 * finds no serious or critical violation. Screenshots of the hub, a thread,
 * home and the admin roster at both widths go into the test report.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { ADMIN_TABS } from '../../src/features/admin/constants';
import { DEMO_ACCOUNTS, SEED_STAFF_ACCOUNTS } from '../../src/lib/demo-accounts';
import { THEME_STORAGE_KEY } from '../../src/lib/shell-constants';
import { THREADS } from '../../supabase/seed/content/threads';
import { seedId } from '../../supabase/seed/random';
import { signInPage, waitForOfflineReady } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const dj = DEMO_ACCOUNTS.find((a) => a.kind === 'dj')!;
const admin = SEED_STAFF_ACCOUNTS.find((a) => a.role === 'admin')!;
const thread = `/discussions/thread/${seedId(`discussion:${THREADS[0].key}`)}`;

const VISITOR_ROUTES = [
  '/',
  '/discussions',
  thread,
  '/directory',
  '/directory/Producer',
  `/profile/${dj.username}`,
  `/profile/${dj.username}/support`,
  '/profile/nobody_here',
  '/search?q=techno',
  '/blog',
  '/about',
  '/terms',
  '/privacy',
  '/guidelines',
  '/contact',
  '/login',
  '/login?status=confirm_email',
  '/signup',
  '/support-platform',
  '/subscriptions',
];
const MEMBER_ROUTES = ['/', '/discussions', thread, '/notifications', '/settings/profile', '/settings/tip-jar', `/profile/${dj.username}`, '/dj-bot'];
const OFFLINE_ROUTES = ['/discussions', thread, `/profile/${dj.username}`, '/'];
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
] as const;
/** Checked in this order on every route: dark, the default, last, so the report's screenshots show it. */
const THEMES = ['light', 'dark'] as const;

type Found = string[];

/**
 * Opens the route, waits for its main heading and records sideways scroll; then, in each theme, records serious
 * axe findings. The theme here is the member's "system" choice, so the page changes theme as a phone switching to
 * night mode changes it, without loading the route again: loading every route once per theme was half the sweep.
 */
async function check(page: Page, path: string, label: string, found: Found, options: { navigate?: boolean } = {}): Promise<void> {
  if (options.navigate !== false) {
    await page.emulateMedia({ colorScheme: THEMES[0] });
    await page.goto(path);
  }
  await expect(page.locator('main h1, [role="heading"][aria-level="1"]').first()).toBeVisible({ timeout: 15_000 });
  // Skeletons give way to content before measuring: the network settles (bounded, offline it never starts).
  await page.waitForLoadState('networkidle', { timeout: 1_000 }).catch(() => undefined);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) found.push(`${label} ${path}: scrolls sideways by ${overflow} px`);
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    const results = await new AxeBuilder({ page }).analyze();
    for (const v of results.violations) {
      if (v.impact === 'serious' || v.impact === 'critical')
        found.push(
          `${label} ${path} (${theme}): ${v.id} (${v.impact}) ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
        );
    }
  }
}

async function openAs(browser: Browser, size: { width: number; height: number }, account?: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: size, colorScheme: THEMES[0] });
  const page = await context.newPage();
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, 'system'] as const);
  if (account) await signInPage(page, account.email, account.password);
  return page;
}

/** Checks every route in turn as `who`, attaching a screenshot of home, the hub and the thread to the report. */
async function sweep(page: Page, routes: readonly string[], who: string, width: number, testInfo: TestInfo): Promise<Found> {
  const found: Found = [];
  for (const path of routes) {
    await check(page, path, `${who} ${width}px`, found);
    const shown = path === '/' ? 'home' : path === '/discussions' ? 'hub' : path === thread ? 'thread' : null;
    if (shown) await testInfo.attach(`${who} ${shown} ${width}px`, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
  }
  return found;
}

for (const size of SIZES) {
  const tag = `${size.width}px, both themes`;

  test(`visitor routes, ${tag}: no sideways scroll, no serious axe violation`, async ({ browser }, testInfo) => {
    test.setTimeout(300_000);
    const page = await openAs(browser, size);
    const found = await sweep(page, VISITOR_ROUTES, 'visitor', size.width, testInfo);
    await page.context().close();
    expect(found).toEqual([]);
  });

  test(`member routes, ${tag}`, async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const page = await openAs(browser, size, dj);
    const found = await sweep(page, MEMBER_ROUTES, 'member', size.width, testInfo);
    await page.context().close();
    expect(found).toEqual([]);
  });

  test(`member routes offline, ${tag}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const found: Found = [];
    const page = await openAs(browser, size, dj);
    await page.goto(thread);
    await waitForOfflineReady(page);
    await page.context().setOffline(true);
    for (const path of OFFLINE_ROUTES) await check(page, path, `offline member ${tag}`, found);
    await page.context().close();
    expect(found).toEqual([]);
  });

  test(`the admin zone and its roster, ${tag}`, async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const found: Found = [];
    const adminPage = await openAs(browser, size, admin);
    await check(adminPage, '/admin', `admin ${tag}`, found);
    await adminPage.getByRole('tab', { name: ADMIN_TABS[1].label }).click();
    await expect(adminPage.getByTestId(`roster-${admin.username}`)).toBeVisible();
    await check(adminPage, '/admin', `admin roster ${tag}`, found, { navigate: false });
    await testInfo.attach(`admin roster ${size.width}px`, { body: await adminPage.screenshot({ fullPage: false }), contentType: 'image/png' });
    await adminPage.context().close();
    expect(found).toEqual([]);
  });
}
