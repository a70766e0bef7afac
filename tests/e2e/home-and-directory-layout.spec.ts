/**
 * What the first screen holds: a returning member's home at 360 px leads with
 * the discussions and their unread notifications; visitors keep the pitch.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FEATURE_CARDS, HOME_MESSAGES } from '../../src/features/home/constants';
import { dbQuery, logIn, newMember } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const PHONE = { width: 360, height: 740 };
/** Whole cards on a 360x740 first screen: 1 before the compact cards, 4 with them. */
const DIRECTORY_FIRST_SCREEN_CARDS = 4;

/** How many of `items` lie wholly inside the first screen (the page not scrolled). */
async function onFirstScreen(page: Page, items: Locator): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const boxes = await items.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  const { width, height } = page.viewportSize()!;
  return boxes.filter((b) => b.height > 0 && b.top >= 0 && b.bottom <= height && b.left >= 0 && b.right <= width).length;
}

test.describe('home on a phone', () => {
  test('a returning member sees recent discussions and their unread notification on the first screen; the pitch stays below', async ({ page }) => {
    const me = await newMember('homeback');
    const actor = await newMember('homeactor');
    const note = `Spinning tonight ${randomUUID().slice(0, 6)}`;
    await dbQuery(
      `insert into public.notifications (user_id, type, content_preview, actor_id, actor_username, related_entity_id, is_read)
       values ($1, 'new_reply', $3, $2, $4, $5, false)`,
      [me.id, actor.id, note, actor.username, randomUUID()],
    );
    await page.setViewportSize(PHONE);
    await logIn(page, me);
    await page.goto('/');
    const recent = page.getByTestId('home-recent-discussions').getByRole('listitem');
    await expect(recent.first()).toBeVisible({ timeout: 30_000 });
    expect(await onFirstScreen(page, recent)).toBeGreaterThanOrEqual(3);
    const notifications = page.getByTestId('home-notifications');
    await expect(notifications).toContainText(note);
    expect(await onFirstScreen(page, notifications.getByRole('listitem'))).toBe(1);
    await test.info().attach('home-member-360', { body: await page.screenshot(), contentType: 'image/png' });
    // Everything the home page promises is still there for members, further down.
    await expect(page.getByRole('heading', { name: HOME_MESSAGES.title })).toBeAttached();
    await expect(page.getByTestId('feature-cards').getByRole('listitem')).toHaveCount(FEATURE_CARDS.length);
    await expect(page.getByRole('heading', { name: HOME_MESSAGES.audienceHeading })).toBeAttached();
    await expect(page.getByRole('link', { name: HOME_MESSAGES.exploreNow })).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });

  test('a visitor gets the pitch first, with no member panel', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HOME_MESSAGES.title })).toBeInViewport();
    await expect(page.getByRole('link', { name: HOME_MESSAGES.joinTheMovement })).toBeInViewport();
    await expect(page.getByTestId('home-recent-discussions')).toHaveCount(0);
  });
});

test.describe('directory cards', () => {
  test('at 360 px the first screen holds at least four member cards', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/directory');
    const cards = page.getByTestId('directory-card');
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    const shown = await onFirstScreen(page, cards);
    await test.info().attach('directory-360', { body: await page.screenshot(), contentType: 'image/png' });
    expect(shown).toBeGreaterThanOrEqual(DIRECTORY_FIRST_SCREEN_CARDS);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });

  test('at 1280 px the grid uses the width: four cards side by side (three before)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/directory');
    const cards = page.getByTestId('directory-card');
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    const lefts = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    await test.info().attach('directory-1280', { body: await page.screenshot(), contentType: 'image/png' });
    expect(new Set(lefts).size).toBeGreaterThanOrEqual(4);
  });
});
