import { expect, test } from '@playwright/test';
import { FOLLOW_LABELS } from '../../src/features/profiles/constants';
import { logIn, newMember } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

// Without a service worker holding the app (a first visit, before its precache), a chunk loaded late cannot arrive
// while the signal is gone: the page must keep working and take the chunk when the connection is back.
test.use({ serviceWorkers: 'block' });

test('a late chunk that cannot arrive offline leaves the page working, and loads once the signal is back', async ({ page }) => {
  const [me, target] = await Promise.all([newMember('latechunk'), newMember('latetarget')]);
  let offline = true;
  let asked = 0;
  let served = 0;
  await page.route('**/assets/sync-progress-*.js', async (route) => {
    asked++;
    if (offline) await route.abort('internetdisconnected');
    else {
      served++;
      await route.fallback();
    }
  });
  await logIn(page, me);
  await page.goto(`/profile/${target.username}`);
  await expect(page.getByTestId('follow-button')).toHaveText(FOLLOW_LABELS.follow);
  // Replication is running once the first-sync progress is asked for; its chunk did not come.
  await expect.poll(() => asked, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('follow-button')).toHaveText(FOLLOW_LABELS.unfollow);

  offline = false;
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => served, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});
