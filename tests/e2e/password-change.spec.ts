import { expect, test } from '@playwright/test';
import { readMailbox } from '../../supabase/local/gateway/auth/mailer';
import { Messages } from '../../supabase/local/gateway/auth/messages';
import { SETTINGS_MESSAGES } from '../../src/features/settings/constants';
import { dbQuery, logIn, newMember, signInApi } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

test.describe('password change in settings', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('asks for the e-mailed code when the sign-in is old, refuses a wrong one, then changes the password', async ({ page }) => {
    const member = await newMember('pwchange');
    await logIn(page, member);
    // A sign-in from more than a day ago: the project then wants the reauthentication code.
    await dbQuery(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [member.id]);

    await page.goto('/settings/profile');
    await page.getByRole('link', { name: SETTINGS_MESSAGES.passwordLink }).click();
    await expect(page).toHaveURL(/\/settings\/password$/);
    await page.getByLabel(SETTINGS_MESSAGES.newPasswordLabel, { exact: true }).fill('new-secret-2026');
    await page.getByLabel(SETTINGS_MESSAGES.confirmPasswordLabel).fill('new-secret-2026');
    await page.getByRole('button', { name: SETTINGS_MESSAGES.changePassword }).click();

    await expect(page.getByTestId('password-notice')).toHaveText(`${Messages.reauthenticationNeeded}. ${SETTINGS_MESSAGES.codeSent}`);
    const mail = readMailbox(process.env.E2E_LOCAL_DIR ?? '', member.email).find((m) => m.type === 'reauthentication');
    expect(mail?.code).toMatch(/^\d{6}$/);

    const code = page.getByLabel(SETTINGS_MESSAGES.codeLabel);
    await code.fill(mail!.code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: SETTINGS_MESSAGES.changePassword }).click();
    await expect(page.getByTestId('password-error')).toContainText(Messages.invalidNonce);
    // The typed passwords are still there after the refusal.
    await expect(page.getByLabel(SETTINGS_MESSAGES.newPasswordLabel, { exact: true })).toHaveValue('new-secret-2026');

    await code.fill(mail!.code);
    await page.getByRole('button', { name: SETTINGS_MESSAGES.changePassword }).click();
    await expect(page.getByTestId('password-success')).toHaveText(SETTINGS_MESSAGES.passwordChanged);
    await signInApi(member.email, 'new-secret-2026');

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a recent sign-in changes the password without a code; a mismatch is caught first', async ({ page }) => {
    const member = await newMember('pwfresh');
    await logIn(page, member);
    await page.goto('/settings/password');
    await page.getByLabel(SETTINGS_MESSAGES.newPasswordLabel, { exact: true }).fill('fresh-secret-2026');
    await page.getByLabel(SETTINGS_MESSAGES.confirmPasswordLabel).fill('fresh-secret-2027');
    await page.getByRole('button', { name: SETTINGS_MESSAGES.changePassword }).click();
    await expect(page.getByTestId('password-error')).toHaveText(SETTINGS_MESSAGES.passwordsMismatch);
    await page.getByLabel(SETTINGS_MESSAGES.confirmPasswordLabel).fill('fresh-secret-2026');
    await page.getByRole('button', { name: SETTINGS_MESSAGES.changePassword }).click();
    await expect(page.getByTestId('password-success')).toHaveText(SETTINGS_MESSAGES.passwordChanged);
    await expect(page.getByLabel(SETTINGS_MESSAGES.codeLabel)).toHaveCount(0);
    await signInApi(member.email, 'fresh-secret-2026');
  });
});
