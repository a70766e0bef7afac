import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { format } from 'date-fns';
import { ABOUT_PILLARS, ABOUT_VALUES, COPYRIGHT_ANCHOR, GUIDELINE_CARDS, KARMA_ANCHOR, STATIC_TEXTS } from '../../src/features/static-pages/constants';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

test('about: pillars, values, the #karma explainer and the sign-up call', async ({ page }) => {
  await page.goto(`/about#${KARMA_ANCHOR}`);
  for (const name of [...ABOUT_PILLARS, ...ABOUT_VALUES]) await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.locator(`#${KARMA_ANCHOR}`)).toContainText(STATIC_TEXTS.karmaHeading);
  await expect(page.getByRole('link', { name: STATIC_TEXTS.joinCta })).toHaveAttribute('href', '/signup');
});

test('guidelines: six cards, consequences, Last Updated today, link to the terms copyright section', async ({ page }) => {
  await page.goto('/guidelines');
  for (const card of GUIDELINE_CARDS) await expect(page.getByText(card, { exact: true })).toBeVisible();
  await expect(page.getByText(STATIC_TEXTS.consequences)).toBeVisible();
  await expect(page.getByTestId('last-updated')).toHaveText(`${STATIC_TEXTS.lastUpdated}: ${format(new Date(), 'MMMM d, yyyy')}`);
  await page.getByRole('link', { name: 'copyright section of our terms' }).click();
  await expect(page).toHaveURL(new RegExp(`/terms#${COPYRIGHT_ANCHOR}$`));
  await expect(page.locator(`#${COPYRIGHT_ANCHOR}`)).toContainText(STATIC_TEXTS.copyrightHeading);
});

for (const path of ['/about', '/privacy', '/terms', '/guidelines', '/brand']) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
}
