import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { CONTACT_TEXTS, CONTACT_TOASTS, CONTACT_VALIDATION } from '../../src/features/contact/constants';
import { serviceClient } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

test.describe('contact', () => {
  test('shows hours and response target, validates, and stores the message', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByText(CONTACT_TEXTS.hours)).toBeVisible();
    await expect(page.getByText(CONTACT_TEXTS.response)).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.getByRole('button', { name: CONTACT_TEXTS.send }).click();
    await expect(page.getByText(CONTACT_VALIDATION.nameRequired)).toBeVisible();
    await expect(page.getByText(CONTACT_VALIDATION.messageRequired)).toBeVisible();
    await page.getByLabel(CONTACT_TEXTS.email).fill('not-an-email');
    await page.getByRole('button', { name: CONTACT_TEXTS.send }).click();
    await expect(page.getByText(CONTACT_VALIDATION.emailInvalid)).toBeVisible();

    const subject = `Online ${Date.now()}`;
    await page.getByLabel(CONTACT_TEXTS.name).fill('Ada');
    await page.getByLabel(CONTACT_TEXTS.email).fill('ada@example.test');
    await page.getByLabel(CONTACT_TEXTS.subject).fill(subject);
    await page.getByLabel(CONTACT_TEXTS.message).fill('Love the app.');
    await page.getByRole('button', { name: CONTACT_TEXTS.send }).click();
    await expect(page.getByText(CONTACT_TEXTS.success)).toBeVisible();
    await expect(page.getByTestId('toast').getByText(CONTACT_TOASTS.sent.title)).toBeVisible();
    await expect
      .poll(async () => (await serviceClient().from('contact_messages').select('id').eq('subject', subject)).data?.length, { timeout: 20_000 })
      .toBe(1);
  });

  test('online, the form says sending until the server has the message, never sent before', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByLabel(CONTACT_TEXTS.name)).toBeVisible();
    // The server takes its time to answer: the message is on its way, not sent.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/rest\/v1\/contact_messages/, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    const subject = `Slow ${Date.now()}`;
    await page.getByLabel(CONTACT_TEXTS.name).fill('Lin');
    await page.getByLabel(CONTACT_TEXTS.email).fill('lin@example.test');
    await page.getByLabel(CONTACT_TEXTS.subject).fill(subject);
    await page.getByLabel(CONTACT_TEXTS.message).fill('Is the booth open to all?');
    await page.getByRole('button', { name: CONTACT_TEXTS.send }).click();
    await expect(page.getByRole('button', { name: CONTACT_TEXTS.sending })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page.getByText(CONTACT_TEXTS.success)).toHaveCount(0);
    await expect(page.getByTestId('toast').getByText(CONTACT_TOASTS.sent.title)).toHaveCount(0);
    release();
    await expect(page.getByText(CONTACT_TEXTS.success)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('toast').getByText(CONTACT_TOASTS.sent.title)).toBeVisible();
    expect((await serviceClient().from('contact_messages').select('id').eq('subject', subject)).data).toHaveLength(1);
  });

  test('offline, the message is queued and stored after reconnecting', async ({ page, context }) => {
    await page.goto('/contact');
    await expect(page.getByLabel(CONTACT_TEXTS.name)).toBeVisible();
    await context.setOffline(true);
    const subject = `Queued ${Date.now()}`;
    await page.getByLabel(CONTACT_TEXTS.name).fill('Grace');
    await page.getByLabel(CONTACT_TEXTS.email).fill('grace@example.test');
    await page.getByLabel(CONTACT_TEXTS.subject).fill(subject);
    await page.getByLabel(CONTACT_TEXTS.message).fill('Sent from the basement.');
    await page.getByRole('button', { name: CONTACT_TEXTS.send }).click();
    await expect(page.getByText(CONTACT_TEXTS.queued)).toBeVisible();
    await page.waitForTimeout(1500);
    expect((await serviceClient().from('contact_messages').select('id').eq('subject', subject)).data).toHaveLength(0);
    await context.setOffline(false);
    await expect
      .poll(async () => (await serviceClient().from('contact_messages').select('id').eq('subject', subject)).data?.length, { timeout: 30_000 })
      .toBe(1);
  });

  test('a message typed and not sent comes back after a reload; a sent one does not', async ({ page }) => {
    const subject = `Unsent ${Date.now()}`;
    await page.goto('/contact');
    await page.getByLabel(CONTACT_TEXTS.name).fill('Nina');
    await page.getByLabel(CONTACT_TEXTS.email).fill('nina@example.test');
    await page.getByLabel(CONTACT_TEXTS.subject).fill(subject);
    await page.getByLabel(CONTACT_TEXTS.message).fill('Half a message about the booking form');
    await page.reload();
    await expect(page.getByLabel(CONTACT_TEXTS.subject)).toHaveValue(subject);
    await expect(page.getByLabel(CONTACT_TEXTS.message)).toHaveValue('Half a message about the booking form');
    await page.getByRole('button', { name: CONTACT_TEXTS.send }).click();
    await expect(page.getByText(CONTACT_TEXTS.success)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(CONTACT_TEXTS.name)).toBeVisible();
    await expect(page.getByLabel(CONTACT_TEXTS.subject)).toHaveValue('');
    await expect(page.getByLabel(CONTACT_TEXTS.message)).toHaveValue('');
  });
});
