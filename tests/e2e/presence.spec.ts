import { expect, test } from '@playwright/test';
import { PRESENCE_MESSAGES } from '../../src/features/presence/constants';
import { logIn, newMember } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

test('a member and a guest see each other: the member in the lists, the guest counted separately', async ({ page, browser }) => {
  const member = await newMember('online');
  await logIn(page, member);
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
