import { expect, test } from '@playwright/test';
import { MESSAGES, SIDEBAR_STORAGE_KEY } from '../../src/lib/shell-constants';

// The shell's menus and tooltips load their code after the first screen; they must behave as if it had always been there.

test('the theme menu opens from the keyboard on first use and gives focus back when closed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const button = page.getByTestId('theme-toggle');
  await button.focus();
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: MESSAGES.lightMode })).toBeVisible();
  // Focus moves into the menu, and the arrow keys walk its items.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]')))).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitemradio');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByTestId('theme-toggle')).toBeFocused();
});

test.describe('with the tooltip code held back', () => {
  // Without the worker every chunk comes from the network, where the test can hold one back.
  test.use({ serviceWorkers: 'block' });

  test('a collapsed sidebar link focused before the tooltip code arrives keeps focus and then names itself in a tooltip', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(([key]) => localStorage.setItem(key, JSON.stringify({ state: { collapsed: true }, version: 0 })), [SIDEBAR_STORAGE_KEY]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/tooltip-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // A page without tooltips of its own, so only the sidebar waits for the held code.
    await page.goto('/about');
    const link = page.getByTestId('sidebar').getByRole('link', { name: 'Discussions' });
    await link.focus();
    await expect(link).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    release();
    await expect(page.getByRole('tooltip', { name: 'Discussions' })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Discussions' })).toBeFocused();
  });
});

test.describe('with the tooltip code held back on a profile', () => {
  test.use({ serviceWorkers: 'block' });

  test("a member's joined date shows its full date before the tooltip code arrives, keeps focus, then shows it in a tooltip", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/assets\/tooltip-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto('/profile/demo_dj');
    const joined = page.getByTestId('profile-header').locator('time').first();
    await expect(joined).toContainText(/Joined .* ago/);
    // The browser's own tooltip names the full date meanwhile.
    const fullDate = await joined.getAttribute('title');
    expect(fullDate).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await joined.focus();
    // A visitor's shared link loads it after a quiet spell of reading.
    await expect.poll(() => asked, { timeout: 15_000 }).toBe(true);
    release();
    await expect(page.getByRole('tooltip', { name: fullDate! })).toBeVisible();
    await expect(page.getByTestId('profile-header').locator('time').first()).toBeFocused();
  });
});
