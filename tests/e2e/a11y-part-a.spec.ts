import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { THEME_STORAGE_KEY } from '../../src/lib/shell-constants';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const dj = DEMO_ACCOUNTS.find((a) => a.kind === 'dj')!;

const PUBLIC_SCREENS = [
  '/',
  '/login',
  '/login?status=confirm_email',
  '/signup',
  '/directory',
  '/directory/Producer',
  `/profile/${dj.username}`,
  `/profile/${dj.username}/support`,
  '/profile/nobody_here',
  '/support-platform',
];
const MEMBER_SCREENS = ['/settings/profile', '/settings/tip-jar', '/notifications', `/profile/${dj.username}`];
const WIDTHS = [360, 1280] as const;
const THEMES = ['dark', 'light'] as const;

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Let skeletons give way to content and the page header's entrance animation finish.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(700);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    ),
  ).toEqual([]);
}

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test(`part A screens for visitors: ${theme} theme at ${width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      for (const path of PUBLIC_SCREENS) {
        await page.goto(path);
        await expectNoSeriousViolations(page, `${path} ${theme} ${width}`);
      }
    });

    test(`part A screens for members: ${theme} theme at ${width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await page.goto('/login');
      await page.getByRole('button', { name: dj.label }).click();
      await expect(page).toHaveURL(new RegExp(`/profile/${dj.username}$`));
      for (const path of MEMBER_SCREENS) {
        await page.goto(path);
        await expectNoSeriousViolations(page, `${path} ${theme} ${width}`);
      }
    });
  }
}
