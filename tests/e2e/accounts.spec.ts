import { expect, test, type Page } from '@playwright/test';
import { AUTH_MESSAGES, USERNAME_RULE_MESSAGE } from '../../src/features/auth/constants';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { dbQuery, uniqueName } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const dj = DEMO_ACCOUNTS.find((a) => a.kind === 'dj')!;

async function fillSignup(page: Page, values: { username?: string; email?: string; password?: string; confirm?: string; location?: string }) {
  await page.getByLabel('Username').fill(values.username ?? '');
  await page.getByLabel('Email').fill(values.email ?? '');
  await page.getByLabel('Password', { exact: true }).fill(values.password ?? '');
  await page.getByLabel('Confirm Password').fill(values.confirm ?? '');
  if (values.location !== undefined) await page.getByLabel('Location (optional)').fill(values.location);
}

test.describe('login', () => {
  test('requires both e-mail and password', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByTestId('login-error')).toHaveText(AUTH_MESSAGES.loginMissingFields);
  });

  test("a wrong password shows the server's message and the 'Login Failed' toast", async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(dj.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByTestId('login-error')).toHaveText(/invalid login credentials/i);
    await expect(page.getByTestId('toast')).toContainText(AUTH_MESSAGES.loginFailedTitle);
    await expect(page).toHaveURL(/\/login/);
  });

  test('offline it says signing in needs the network and keeps what was typed', async ({ page, context }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(dj.email);
    await page.getByLabel('Password').fill(dj.password);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByTestId('login-offline')).toHaveText(AUTH_MESSAGES.offlineSignIn);
    await expect(page.getByLabel('Email')).toHaveValue(dj.email);
    await expect(page.getByLabel('Password')).toHaveValue(dj.password);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${dj.username}$`));
  });

  test("'Login as DJ' signs in to the seeded demo account and returns to ?from", async ({ page }) => {
    await page.goto('/login?from=/directory');
    await page.getByRole('button', { name: dj.label }).click();
    await expect(page).toHaveURL(/\/directory$/);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    // A signed-in member opening /login goes to their profile.
    await page.goto('/login');
    await expect(page).toHaveURL(new RegExp(`/profile/${dj.username}$`));
  });

  test('?status=confirm_email asks to confirm the e-mail', async ({ page }) => {
    await page.goto('/login?status=confirm_email');
    await expect(page.getByTestId('confirm-email-notice')).toHaveText(AUTH_MESSAGES.confirmEmail);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('signup', () => {
  test('checks the fields in the order the form shows them', async ({ page }) => {
    await page.goto('/signup');
    const error = page.getByTestId('signup-error');
    const submit = page.getByRole('button', { name: 'Sign Up' });

    // The honeypot wins over everything else.
    await page.locator('#signup-website').fill('http://spam.example', { force: true });
    await submit.click();
    await expect(error).toHaveText(AUTH_MESSAGES.signupHoneypot);
    await page.locator('#signup-website').fill('', { force: true });

    await fillSignup(page, { username: 'someone', email: 'a@example.com', password: 'secret1' });
    await submit.click();
    await expect(error).toHaveText(AUTH_MESSAGES.signupAllRequired);

    await fillSignup(page, { username: 'someone', email: 'a@example.com', password: 'secret1', confirm: 'secret2' });
    await submit.click();
    await expect(error).toHaveText(AUTH_MESSAGES.signupPasswordsMismatch);

    await fillSignup(page, { username: 'someone', email: 'a@example.com', password: 'short', confirm: 'short' });
    await submit.click();
    await expect(error).toHaveText(AUTH_MESSAGES.signupPasswordTooShort);

    await fillSignup(page, { username: 'no spaces!', email: 'a@example.com', password: 'secret1', confirm: 'secret1' });
    await submit.click();
    await expect(error).toHaveText(USERNAME_RULE_MESSAGE);

    await fillSignup(page, { username: 'ab', email: 'a@example.com', password: 'secret1', confirm: 'secret1' });
    await submit.click();
    await expect(error).toHaveText(USERNAME_RULE_MESSAGE);
  });

  test('a taken username and a registered e-mail get their own messages', async ({ page }) => {
    await page.goto('/signup');
    await fillSignup(page, { username: dj.username, email: `${uniqueName('fresh')}@example.test`, password: 'secret12', confirm: 'secret12' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByTestId('signup-error')).toHaveText(AUTH_MESSAGES.signupUsernameTaken);

    await fillSignup(page, { username: uniqueName('fresh'), email: dj.email, password: 'secret12', confirm: 'secret12' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByTestId('signup-error')).toHaveText(AUTH_MESSAGES.signupAlreadyRegistered);
  });

  test('creates the account with a lowercased username, the typed display name and the location, and signs in', async ({ page }) => {
    const base = uniqueName('New');
    const typed = `Mix_${base.slice(4)}`;
    await page.goto('/signup');
    await fillSignup(page, { username: typed, email: `${base}@example.test`, password: 'secret12', confirm: 'secret12', location: '  Leeds, UK  ' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByTestId('toast')).toContainText(AUTH_MESSAGES.signedUpAndIn);
    await expect(page).toHaveURL(new RegExp(`/profile/${typed.toLowerCase()}$`));
    const rows = await dbQuery<{ username: string; display_name: string; location: string }>(
      'select username, display_name, location from public.profiles where username = $1',
      [typed.toLowerCase()],
    );
    expect(rows).toEqual([{ username: typed.toLowerCase(), display_name: typed, location: 'Leeds, UK' }]);
  });

  test('offline it says creating an account needs the network and keeps the form', async ({ page, context }) => {
    await page.goto('/signup');
    await fillSignup(page, { username: 'offline_user', email: 'offline@example.test', password: 'secret12', confirm: 'secret12' });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByTestId('signup-offline')).toHaveText(AUTH_MESSAGES.offlineSignUp);
    await expect(page.getByLabel('Username')).toHaveValue('offline_user');
    await context.setOffline(false);
  });
});
