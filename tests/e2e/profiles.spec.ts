import { expect, test } from '@playwright/test';
import { pendingChangesLabel } from '../../src/app/layout/connectivity-indicator';
import { FOLLOW_LABELS, PROFILE_MESSAGES } from '../../src/features/profiles/constants';
import { followRowId } from '../../src/features/profiles/model/follow-id';
import { SETTINGS_MESSAGES } from '../../src/features/settings/constants';
import { SUPPORT_MESSAGES } from '../../src/features/support/constants';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { TIER_LABELS, USERNAME_RULE_MESSAGE } from '../../src/lib/profile-rules';
import { dbQuery, logIn, newMember, uniqueName, waitForDb, waitForOfflineReady } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const dj = DEMO_ACCOUNTS.find((a) => a.kind === 'dj')!;
const producer = DEMO_ACCOUNTS.find((a) => a.kind === 'producer')!;

test.describe('profile page', () => {
  test("a visitor sees the header card, tabs and the Tip Creator page with the creator's PayPal link", async ({ page }) => {
    await page.goto(`/profile/${dj.username}`);
    const header = page.getByTestId('profile-header');
    await expect(header.getByRole('heading', { level: 1, name: 'Demo DJ' })).toBeVisible();
    await expect(header).toContainText(`@${dj.username}`);
    await expect(header).toContainText(TIER_LABELS.pro);
    await expect(header).toContainText(/Karma \d+/);
    await expect(header).toContainText(/Joined .* ago/);
    await expect(header.getByRole('list', { name: 'Genres' })).toContainText('Tech House');
    await expect(header.getByRole('link', { name: 'SoundCloud', exact: true })).toHaveAttribute('href', 'https://soundcloud.com/demo-dj');
    await expect(header.getByRole('link', { name: PROFILE_MESSAGES.editProfile })).toHaveCount(0);
    await expect(page.getByTestId('owner-email')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { name: PROFILE_MESSAGES.recentActivity })).toBeVisible();
    await page.getByRole('tab', { name: 'Discussions' }).click();
    await expect(page.getByRole('heading', { name: /^Discussions \(\d+\)$/ })).toBeVisible();
    await page.getByRole('tab', { name: 'About' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Tech House, Minimal, Afro House');

    await header.getByRole('link', { name: PROFILE_MESSAGES.tipCreator }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${dj.username}/support$`));
    await expect(page.getByRole('heading', { level: 1, name: SUPPORT_MESSAGES.tipTitle })).toBeVisible();
    await expect(page.getByTestId('tip-paypal')).toHaveText('https://paypal.me/demodj');
    await expect(page.getByRole('button', { name: `${SUPPORT_MESSAGES.copy} ${SUPPORT_MESSAGES.paypalHeading}` })).toBeVisible();
  });

  test("the producer's tip page shows the crypto address; members without a tip jar show no Tip Creator button", async ({ page }) => {
    await page.goto(`/profile/${producer.username}/support`);
    await expect(page.getByTestId('tip-crypto-address')).toHaveText('bc1qdemoproducer7x3l4u9k2w0tipjar8s6f');
    const fresh = await newMember('notips');
    await page.goto(`/profile/${fresh.username}`);
    await expect(page.getByTestId('follow-button')).toBeVisible();
    await expect(page.getByRole('link', { name: PROFILE_MESSAGES.tipCreator })).toHaveCount(0);
  });

  test("a visitor pressing Follow is told 'Login Required'", async ({ page }) => {
    await page.goto(`/profile/${dj.username}`);
    await page.getByTestId('follow-button').click();
    await expect(page.getByTestId('toast')).toContainText(PROFILE_MESSAGES.loginRequiredTitle);
    await expect(page.getByTestId('toast')).toContainText(PROFILE_MESSAGES.loginRequired);
  });

  test("'Profile Not Found' with a way back to the directory", async ({ page }) => {
    await page.goto('/profile/nobody_by_this_name');
    await expect(page.getByRole('heading', { level: 1, name: PROFILE_MESSAGES.notFound })).toBeVisible();
    await page.getByRole('link', { name: PROFILE_MESSAGES.backToDirectory }).click();
    await expect(page).toHaveURL(/\/directory$/);
  });

  test('the owner sees Edit Profile, Support Settings and their e-mail, and no follow or tip button', async ({ page }) => {
    const me = await newMember('owner');
    await logIn(page, me);
    const header = page.getByTestId('profile-header');
    await expect(header.getByRole('link', { name: PROFILE_MESSAGES.editProfile })).toHaveAttribute('href', '/settings/profile');
    await expect(header.getByRole('link', { name: PROFILE_MESSAGES.supportSettings })).toHaveAttribute('href', '/settings/monetization');
    await expect(page.getByTestId('owner-email')).toHaveText(me.email);
    await expect(page.getByTestId('follow-button')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Discussions' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.noDiscussionsOwner)).toBeVisible();
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.noActivity)).toBeVisible();
  });
});

test('the Activity tab pulls the feed as it shows: what a member did a moment ago is there, though no message pulled it', async ({ page }) => {
  const viewer = await newMember('act_view');
  const other = await newMember('act_other');
  await logIn(page, viewer);
  // the community topic's join pulls every table: what the test writes must come after it
  const joined = new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.includes('realtime:community') && text.includes('phx_reply') && text.includes('"status":"ok"')) resolve();
      }),
    ),
  );
  await page.goto(`/profile/${other.username}`);
  await expect(page.getByTestId('profile-header')).toContainText(`@${other.username}`);
  await joined;
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.noActivity)).toBeVisible();
  await page.getByRole('tab', { name: 'About' }).click();
  // the join's pulls answered
  await page.waitForLoadState('networkidle');
  // meanwhile the other member starts a discussion (an activity of theirs); community messages leave activity feeds to their tab
  const title = `Started while you read ${uniqueName('t')}`;
  expect((await other.client.from('discussions').insert({ user_id: other.id, title, category: 'DJ Techniques' })).error).toBeNull();
  await page.getByRole('tab', { name: 'Activity' }).click();
  // well before the 2-minute backstop: the tab's own pull
  await expect(page.getByTestId('profile-activity')).toContainText(title, { timeout: 5_000 });
});

test.describe('profile tabs before the first sync', () => {
  // The test holds the pulls back; a service worker would fetch them out of its reach.
  test.use({ serviceWorkers: 'block' });

  test('say loading, not "none", until the server answered; then the genuinely empty texts', async ({ page }) => {
    const member = await newMember('notyet');
    // The device's first pulls of what the tabs list are held back, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/rest\/v1\/(user_content|user_activities|discussions|posts|followers)\?/, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    // The empty device's first read of the profile with its content fails: the screen falls back to the store and
    // its own lookup, whose tabs are what this test is about.
    await page.route(/\/rest\/v1\/profiles\?.*content%3Auser_content/, (route) => route.abort());
    await page.goto(`/profile/${member.username}`);
    await expect(page.getByTestId('profile-header')).toContainText(`@${member.username}`, { timeout: 30_000 });
    const panel = page.getByRole('tabpanel');
    const settle = () => page.waitForTimeout(1_000);

    await settle();
    await expect(panel).not.toContainText(PROFILE_MESSAGES.noContentOther(member.username));
    await expect(panel.getByRole('status', { name: PROFILE_MESSAGES.loadingContent })).toBeVisible();

    await page.getByRole('tab', { name: 'Activity' }).click();
    await settle();
    await expect(panel).not.toContainText(PROFILE_MESSAGES.noActivity);
    await expect(panel.getByRole('status', { name: PROFILE_MESSAGES.loadingActivity })).toBeVisible();

    await page.getByRole('tab', { name: 'Discussions' }).click();
    await settle();
    await expect(panel).not.toContainText(PROFILE_MESSAGES.noDiscussionsOther(member.username));
    await expect(panel).not.toContainText(PROFILE_MESSAGES.discussionsHeading(0));
    await expect(panel.getByRole('status', { name: PROFILE_MESSAGES.loadingDiscussions })).toBeVisible();

    await page.getByTestId('followers-count').click();
    const dialog = page.getByRole('dialog');
    await settle();
    await expect(dialog).not.toContainText(PROFILE_MESSAGES.noFollowers);
    await expect(dialog.getByRole('status', { name: PROFILE_MESSAGES.loadingMembers })).toBeVisible();

    release();
    await expect(dialog).toContainText(PROFILE_MESSAGES.noFollowers, { timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(panel).toContainText(PROFILE_MESSAGES.noDiscussionsOther(member.username), { timeout: 30_000 });
    await expect(panel.getByRole('heading', { name: PROFILE_MESSAGES.discussionsHeading(0) })).toBeVisible();
    await page.getByRole('tab', { name: 'Content' }).click();
    await expect(panel).toContainText(PROFILE_MESSAGES.noContentOther(member.username));
  });
});

test.describe('follow', () => {
  test('follow and unfollow: labels, toasts, counts, the followers dialog and the database row', async ({ page }) => {
    const me = await newMember('follower');
    const target = await newMember('target');
    await logIn(page, me);
    await page.goto(`/profile/${target.username}`);
    const button = page.getByTestId('follow-button');
    await expect(button).toHaveText(FOLLOW_LABELS.follow);
    await expect(page.getByTestId('followers-count')).toContainText('0 Followers');

    await button.click();
    await expect(page.getByTestId('toast')).toContainText(PROFILE_MESSAGES.followedTitle);
    await expect(page.getByTestId('toast')).toContainText(PROFILE_MESSAGES.followed);
    await expect(button).toHaveText(FOLLOW_LABELS.unfollow);
    await expect(page.getByTestId('followers-count')).toContainText('1 Followers');

    const id = followRowId(me.id, target.id);
    const followed = await waitForDb(
      () =>
        dbQuery<{ id: string; _deleted: boolean }>('select id, _deleted from public.followers where follower_id = $1 and following_id = $2', [
          me.id,
          target.id,
        ]),
      (rows) => rows.length === 1,
    );
    expect(followed).toEqual([{ id, _deleted: false }]);

    await page.getByTestId('followers-count').click();
    const dialog = page.getByRole('dialog', { name: PROFILE_MESSAGES.followersTitle });
    await expect(dialog.getByRole('link', { name: new RegExp(`@${me.username}`) })).toBeVisible();
    await page.keyboard.press('Escape');

    await button.click();
    await expect(page.getByTestId('toast')).toContainText(PROFILE_MESSAGES.unfollowedTitle);
    await expect(page.getByTestId('toast')).toContainText(PROFILE_MESSAGES.unfollowed);
    await expect(button).toHaveText(FOLLOW_LABELS.follow);
    const unfollowed = await waitForDb(
      () => dbQuery<{ _deleted: boolean }>('select _deleted from public.followers where id = $1', [id]),
      (rows) => rows[0]?._deleted === true,
    );
    expect(unfollowed).toEqual([{ _deleted: true }]);
    const counts = await waitForDb(
      () => dbQuery<{ followers_count: number }>('select followers_count from public.profiles where id = $1', [target.id]),
      (rows) => rows[0]?.followers_count === 0,
    );
    expect(counts[0].followers_count).toBe(0);
  });

  test('a follow made offline queues and reaches the server after reconnecting', async ({ page, context }) => {
    const me = await newMember('offfollow');
    const target = await newMember('offtarget');
    await logIn(page, me);
    await page.goto(`/profile/${target.username}`);
    await expect(page.getByTestId('follow-button')).toHaveText(FOLLOW_LABELS.follow);
    await context.setOffline(true);
    await page.getByTestId('follow-button').click();
    await expect(page.getByTestId('follow-button')).toHaveText(FOLLOW_LABELS.unfollow);
    await page.waitForTimeout(1000);
    expect(await dbQuery('select 1 from public.followers where follower_id = $1 and following_id = $2', [me.id, target.id])).toHaveLength(0);
    await context.setOffline(false);
    const rows = await waitForDb(
      () => dbQuery<{ _deleted: boolean }>('select _deleted from public.followers where follower_id = $1 and following_id = $2', [me.id, target.id]),
      (r) => r.length === 1,
    );
    expect(rows).toEqual([{ _deleted: false }]);
  });
});

test.describe('profile settings', () => {
  test('validates the username, then saves and moves to the new profile URL with history replaced', async ({ page }) => {
    const me = await newMember('editor');
    await logIn(page, me);
    await page.goto('/directory');
    await page.goto('/settings/profile');
    const error = page.getByTestId('settings-error');
    await page.getByLabel('Username').fill('');
    await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
    await expect(error).toHaveText(SETTINGS_MESSAGES.usernameEmpty);
    await page.getByLabel('Username').fill('x!');
    await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
    await expect(error).toHaveText(USERNAME_RULE_MESSAGE);
    await page.getByLabel('Username').fill(dj.username);
    await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
    await expect(error).toHaveText(SETTINGS_MESSAGES.profileSaveFailed);
    await expect(page.getByTestId('toast')).toContainText(SETTINGS_MESSAGES.updateFailedTitle);

    const renamed = `${me.username.slice(0, 14)}_new`;
    await page.getByLabel('Username').fill(renamed);
    await page.getByLabel('Display Name').fill('Night Shift');
    await page.getByLabel('Favorite Genres (comma separated)').fill(' Techno, , House ,');
    await page.getByLabel('SoundCloud').fill('soundcloud.com/nightshift');
    await page.getByLabel('Forum Signature').fill('  See you on the floor  ');
    await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
    await expect(page.getByTestId('toast')).toContainText(SETTINGS_MESSAGES.profileUpdatedTitle);
    await expect(page).toHaveURL(new RegExp(`/profile/${renamed}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Night Shift' })).toBeVisible();
    await expect(page.getByTestId('profile-header').getByRole('link', { name: 'SoundCloud', exact: true })).toHaveAttribute(
      'href',
      'https://soundcloud.com/nightshift',
    );
    // The settings page was replaced in history: back returns to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/directory$/);

    const rows = await waitForDb(
      () =>
        dbQuery<{ username: string; display_name: string; genres: string[]; signature: string; social_links: Record<string, string> }>(
          'select username, display_name, genres, signature, social_links from public.profiles where id = $1',
          [me.id],
        ),
      (r) => r[0]?.username === renamed,
    );
    expect(rows[0]).toEqual({
      username: renamed,
      display_name: 'Night Shift',
      genres: ['Techno', 'House'],
      signature: 'See you on the floor',
      social_links: { soundcloud: 'soundcloud.com/nightshift' },
    });
  });

  test('an edit made offline is queued and applied after reconnecting', async ({ page, context, browser }) => {
    const bio = `Written on a train with no signal ${uniqueName('bio')}.`;
    const me = await newMember('offedit');
    await logIn(page, me);
    // Straight to the settings page: the member's profile must be on the device without visiting it first.
    await page.goto('/settings/profile');
    await expect(page.getByLabel('Username')).toHaveValue(me.username);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.getByLabel('Bio').fill(bio);
    await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
    await expect(page.getByTestId('settings-success')).toHaveText(SETTINGS_MESSAGES.savedOffline);
    await expect(page.getByTestId('connectivity-indicator')).toContainText(pendingChangesLabel(1));
    // The profile shows the edit while it is still queued.
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page.getByTestId('profile-header')).toContainText(bio);
    await page.waitForTimeout(1000);
    expect((await dbQuery<{ bio: string | null }>('select bio from public.profiles where id = $1', [me.id]))[0].bio).not.toBe(bio);

    await context.setOffline(false);
    const rows = await waitForDb(
      () => dbQuery<{ bio: string | null; username: string }>('select bio, username from public.profiles where id = $1', [me.id]),
      (r) => r[0]?.bio === bio,
    );
    expect(rows[0]).toEqual({ bio, username: me.username });
    await expect(page.getByTestId('connectivity-indicator')).not.toContainText(pendingChangesLabel(1));
    // Another member's browser sees it on the profile.
    const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const visitor = await other.newPage();
    await visitor.goto(`/profile/${me.username}`);
    await expect(visitor.getByTestId('profile-header')).toContainText(bio);
    await other.close();
  });
});

test('unsaved profile changes come back after a reload, and can be discarded', async ({ page }) => {
  const me = await newMember('unsaved');
  const bio = `Half-written bio ${uniqueName('bio')}`;
  await logIn(page, me);
  await page.goto('/settings/profile');
  await expect(page.getByLabel('Username')).toHaveValue(me.username);
  await expect(page.getByTestId('settings-draft-restored')).toHaveCount(0);
  await page.getByLabel('Bio').fill(bio);
  await page.reload();
  await expect(page.getByLabel('Bio')).toHaveValue(bio);
  await expect(page.getByTestId('settings-draft-restored')).toContainText(SETTINGS_MESSAGES.draftRestored);
  // Nothing reached the server: it is a draft until saved.
  expect((await dbQuery<{ bio: string | null }>('select bio from public.profiles where id = $1', [me.id]))[0].bio).not.toBe(bio);

  await page.getByRole('button', { name: SETTINGS_MESSAGES.discardDraft }).click();
  await expect(page.getByLabel('Bio')).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue(me.username);
  await expect(page.getByLabel('Bio')).toHaveValue('');
  await expect(page.getByTestId('settings-draft-restored')).toHaveCount(0);

  // Saved changes are no draft: the next visit shows the profile, without the note.
  await page.getByLabel('Bio').fill(bio);
  await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
  await expect(page.getByTestId('settings-success')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Bio')).toHaveValue(bio);
  await expect(page.getByTestId('settings-draft-restored')).toHaveCount(0);
});

test.describe('tip jar settings', () => {
  for (const path of ['/settings/tip-jar', '/settings/monetization']) {
    test(`${path}: missing details are refused, then the jar is saved and shows on the profile`, async ({ page, browser }) => {
      const me = await newMember('tipper');
      const fan = await newMember('fan');
      await logIn(page, me);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: SETTINGS_MESSAGES.tipJarTitle })).toBeVisible();
      await page.getByLabel(SETTINGS_MESSAGES.tipJarToggle).click();
      await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
      await expect(page.getByTestId('tipjar-error')).toHaveText(SETTINGS_MESSAGES.cryptoMissing);
      await expect(page.getByTestId('toast')).toContainText(SETTINGS_MESSAGES.missingInfoTitle);
      await page.getByLabel(SETTINGS_MESSAGES.paypalOption).check();
      await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
      await expect(page.getByTestId('tipjar-error')).toHaveText(SETTINGS_MESSAGES.paypalMissing);
      await page.getByLabel(SETTINGS_MESSAGES.paypalLabel).fill('  paypal.me/tipper  ');
      await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
      await expect(page.getByTestId('toast')).toContainText(SETTINGS_MESSAGES.tipJarSavedTitle);
      const saved = await waitForDb(
        () => dbQuery<{ monetization: unknown }>('select monetization from public.profiles where id = $1', [me.id]),
        (r) => (r[0]?.monetization as { tipJarEnabled?: boolean })?.tipJarEnabled === true,
      );
      expect(saved[0].monetization).toEqual({ tipJarEnabled: true, tipJarType: 'paypal', cryptoAddress: null, paypalEmail: 'paypal.me/tipper' });

      // Another member, in their own browser, now sees the Tip Creator button.
      const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      const fanPage = await other.newPage();
      await logIn(fanPage, fan);
      await fanPage.goto(`/profile/${me.username}`);
      await expect(fanPage.getByRole('link', { name: PROFILE_MESSAGES.tipCreator })).toBeVisible();
      await other.close();
    });
  }

  test('turning the jar off stores null type, address and e-mail', async ({ page }) => {
    const me = await newMember('offjar');
    await dbQuery(
      `update public.profiles set monetization = '{"tipJarEnabled":true,"tipJarType":"crypto","cryptoAddress":"0xabc","paypalEmail":null}' where id = $1`,
      [me.id],
    );
    await logIn(page, me);
    await page.goto('/settings/tip-jar');
    await expect(page.getByLabel(SETTINGS_MESSAGES.cryptoLabel)).toHaveValue('0xabc');
    await page.getByLabel(SETTINGS_MESSAGES.tipJarToggle).click();
    await page.getByRole('button', { name: SETTINGS_MESSAGES.save }).click();
    await expect(page.getByTestId('toast')).toContainText(SETTINGS_MESSAGES.tipJarSavedTitle);
    const saved = await waitForDb(
      () => dbQuery<{ monetization: unknown }>('select monetization from public.profiles where id = $1', [me.id]),
      (r) => (r[0]?.monetization as { tipJarEnabled?: boolean })?.tipJarEnabled === false,
    );
    expect(saved[0].monetization).toEqual({ tipJarEnabled: false, tipJarType: null, cryptoAddress: null, paypalEmail: null });
  });
});
