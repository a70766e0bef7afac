import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { BOT_TEXTS, QUICK_QUESTIONS } from '../../src/features/bot/constants';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { signInPage } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

test('DJ.Bot answers quick questions after typing, links to the right screens, and works offline', async ({ page, context }) => {
  const dj = DEMO_ACCOUNTS[0];
  await signInPage(page, dj.email, dj.password);
  await page.goto('/dj-bot');
  await expect(page.getByText(BOT_TEXTS.greeting)).toBeVisible();
  for (const q of QUICK_QUESTIONS)
    await expect(page.getByRole('group', { name: BOT_TEXTS.quickHeading }).getByRole('button', { name: q.label, exact: true })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.getByRole('group', { name: BOT_TEXTS.quickHeading }).getByRole('button', { name: 'My Profile', exact: true }).click();
  await expect(page.getByTestId('bot-typing')).toHaveText(BOT_TEXTS.typing);
  await expect(page.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', `/profile/${dj.username}`);
  await expect(page.getByTestId('bot-typing')).toHaveCount(0);

  await context.setOffline(true);

  await page.getByLabel(BOT_TEXTS.inputLabel).fill('how much does premium cost?');
  await page.getByRole('button', { name: BOT_TEXTS.send }).click();
  await expect(page.getByRole('link', { name: 'Compare subscriptions' })).toHaveAttribute('href', '/subscriptions');
  await context.setOffline(false);
});
