import { expect, test } from '@playwright/test';
import { MESSAGES } from '../../src/lib/shell-constants';

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

test('a collapsed sidebar link names itself in a tooltip when focused, and keeps focus when the tooltip code arrives', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await page.reload();
  const link = page.getByTestId('sidebar').getByRole('link', { name: 'Discussions' });
  // Focused as early as possible, likely before the tooltip code has loaded.
  await link.focus();
  await expect(page.getByRole('tooltip', { name: 'Discussions' })).toBeVisible();
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Discussions' })).toBeFocused();
});
