import { expect, test } from '@playwright/test';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { ONLINE_SIGNAL_WINDOW_MS, PRESENCE_CHANNELS, PRESENCE_HEARTBEAT_MS, PRESENCE_MESSAGES } from '../../src/features/presence/constants';
import { dbQuery, logIn, newMember } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

/**
 * The online list changes with the next summary: at once when the window is open, else when it
 * reopens (the summary names a tab to stamp then). A little more for the stamp's round trip.
 */
const NEXT_SUMMARY = { timeout: ONLINE_SIGNAL_WINDOW_MS + 5_000 };
/**
 * A departure inside the window waits for a stamp after it reopens; when the tab the last summary named is gone
 * too, that is the next regular stamp of a tab still open (every PRESENCE_HEARTBEAT_MS).
 */
const HELD_DEPARTURE = { timeout: PRESENCE_HEARTBEAT_MS + 5_000 };

// These tests count exactly who is online. Tabs of earlier spec files that closed without a
// goodbye count for up to 90 s, so each test starts with nobody online (arranged as a superuser).
test.beforeEach(async () => {
  await dbQuery('delete from private.presence_tabs');
});

// Tabs close as a member closes them (the page says goodbye).
test.afterEach(async ({ context }) => {
  for (const page of context.pages()) await page.close({ runBeforeUnload: true });
});

test('a member and a guest see each other: the member in the lists, the guest counted separately', async ({ page, browser }) => {
  const member = await newMember('online');
  await logIn(page, member);
  await page.goto('/');
  // The member is online once a tab of theirs has stamped (the sign-in page's may still count too). A guest
  // arriving before that gets a list without them, and then hears of them only after the database has held their
  // arrival for its window: not what this test is about.
  await expect
    .poll(async () => (await dbQuery<{ n: number }>('select count(*)::int as n from private.presence_tabs where user_id = $1', [member.id]))[0]?.n, {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);

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
  await expect(panel.getByTestId('online-guests')).toHaveText(PRESENCE_MESSAGES.guests(1), NEXT_SUMMARY);
  const sidebar = page.getByTestId('sidebar').getByTestId('sidebar-online');
  await expect(sidebar.getByRole('link', { name: `@${member.username}` })).toBeVisible();
  await expect(sidebar).not.toContainText('Guest');

  // The guest closes the tab: its goodbye removes it at once, and the member's panel follows.
  await guest.close({ runBeforeUnload: true });
  await expect
    .poll(async () => (await dbQuery<{ n: number }>('select count(*)::int as n from private.presence_tabs where user_id is null'))[0]?.n, {
      timeout: 10_000,
    })
    .toBe(0);
  await guestContext.close();
  await expect(panel.getByTestId('online-guests')).toHaveCount(0, HELD_DEPARTURE);
});

test("a member announcing another member's id and name does not make them appear online", async ({ page, browser }) => {
  const victim = await newMember('absent'); // never opens the app
  const spoofer = await newMember('spoofer');
  // The spoofer calls Realtime directly, announcing the victim on both channels under another name.
  const channels: RealtimeChannel[] = [];
  for (const topic of Object.values(PRESENCE_CHANNELS)) {
    const channel = spoofer.client.channel(topic, { config: { private: true, presence: { key: victim.id } } });
    await new Promise<void>((resolve, reject) => channel.subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve() : err ? reject(err) : undefined)));
    await channel.track({ user_id: victim.id, username: 'site_admin', avatar_url: null, online_at: '2000-01-01T00:00:00.000Z' });
    channels.push(channel);
  }

  const present = await newMember('present');
  await logIn(page, present);
  await page.goto('/');
  const guestContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const guest = await guestContext.newPage();
  await guest.goto('/');

  for (const panel of [guest.getByTestId('online-panel'), page.getByTestId('online-panel')]) {
    await expect(panel.getByRole('link', { name: `@${present.username}` })).toBeVisible();
    await expect(panel.getByTestId('online-heading')).toHaveText(PRESENCE_MESSAGES.heading(1));
    await expect(panel.getByRole('link', { name: `@${victim.username}` })).toHaveCount(0);
    await expect(panel.getByRole('link', { name: '@site_admin' })).toHaveCount(0);
  }
  const sidebar = page.getByTestId('sidebar').getByTestId('sidebar-online');
  await expect(sidebar.getByRole('link', { name: `@${present.username}` })).toBeVisible();
  await expect(sidebar.getByRole('link')).toHaveCount(1);

  await Promise.all(channels.map((c) => spoofer.client.removeChannel(c)));
  await guest.close({ runBeforeUnload: true });
  await guestContext.close();
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

test('with nobody signed in the panel says the dance floor is quiet', async ({ page }) => {
  await page.goto('/');
  const panel = page.getByTestId('online-panel');
  await expect(panel.getByTestId('online-heading')).toHaveText(PRESENCE_MESSAGES.heading(0));
  await expect(panel).toContainText(PRESENCE_MESSAGES.empty);
});
