import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import ws from 'ws';
import { PRESENCE_MESSAGES } from '../../src/features/presence/constants';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

async function newMember(prefix: string) {
  const username = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 8)}`.toLowerCase();
  const email = `${username}@example.test`;
  const password = `pw-${username}`;
  const client = createClient(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { username, display_name: username } } });
  if (error || !data.user) throw error ?? new Error('no user');
  return { id: data.user.id, email, password, username };
}

async function logIn(page: Page, email: string, password: string, username: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${username}$`));
}

test('a member and a guest see each other: the member in the lists, the guest counted separately', async ({ page, browser }) => {
  const member = await newMember('online');
  await logIn(page, member.email, member.password, member.username);
  await page.goto('/');

  const guestContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const guest = await guestContext.newPage();
  await guest.goto('/');

  // The guest's panel lists the member and counts itself as a guest.
  const guestPanel = guest.getByTestId('online-panel');
  await expect(guestPanel.getByTestId('online-heading')).toHaveText(PRESENCE_MESSAGES.heading(1));
  await expect(guestPanel.getByRole('link', { name: `@${member.username}` })).toBeVisible();
  await expect(guestPanel.getByTestId('online-guests')).toHaveText(PRESENCE_MESSAGES.guests(1));

  // The member sees themself and one guest; the sidebar lists members only.
  const panel = page.getByTestId('online-panel');
  await expect(panel.getByTestId('online-heading')).toHaveText(PRESENCE_MESSAGES.heading(1));
  await expect(panel.getByTestId('online-guests')).toHaveText(PRESENCE_MESSAGES.guests(1));
  const sidebar = page.getByTestId('sidebar').getByTestId('sidebar-online');
  await expect(sidebar.getByRole('link', { name: `@${member.username}` })).toBeVisible();
  await expect(sidebar).not.toContainText('Guest');

  // The guest leaves: the member's panel follows.
  await guestContext.close();
  await expect(panel.getByTestId('online-guests')).toHaveCount(0);
});

test('offline the lists say they are unavailable instead of showing a stale list', async ({ page, context }) => {
  await page.goto('/');
  const panel = page.getByTestId('online-panel');
  await expect(panel.getByTestId('online-guests')).toHaveText(PRESENCE_MESSAGES.guests(1));
  await context.setOffline(true);
  await expect(panel.getByTestId('online-unavailable')).toHaveText(PRESENCE_MESSAGES.offline);
  await expect(panel.getByTestId('online-guests')).toHaveCount(0);
  await expect(page.getByTestId('sidebar').getByTestId('sidebar-online')).toContainText(PRESENCE_MESSAGES.offline);
  await context.setOffline(false);
  await expect(panel.getByTestId('online-guests')).toHaveText(PRESENCE_MESSAGES.guests(1));
});

test("with nobody signed in the panel says the dance floor is quiet", async ({ page }) => {
  await page.goto('/');
  const panel = page.getByTestId('online-panel');
  await expect(panel.getByTestId('online-heading')).toHaveText(PRESENCE_MESSAGES.heading(0));
  await expect(panel).toContainText(PRESENCE_MESSAGES.empty);
});
