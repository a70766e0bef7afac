/**
 * Wide screens use their width: at 1280x900 the hub and a thread put a side
 * column beside their content; at 360 px nothing sits beside the content (the
 * phone keeps its one column and no sideways scroll).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createThread } from './offline-support';
import { newMember } from '../support/standins/e2e-session';

if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

type Box = { x: number; y: number; width: number; height: number };

/** The box of a visible element, or null when it takes no room on screen. */
async function shownBox(el: Locator): Promise<Box | null> {
  if ((await el.count()) === 0 || !(await el.isVisible())) return null;
  return el.boundingBox();
}

/** Side by side: the column starts right of the content and their heights overlap. */
function beside(content: Box, column: Box): boolean {
  return column.x >= content.x + content.width - 1 && column.y < content.y + content.height && content.y < column.y + column.height;
}

/** Share of the viewport's width that the page's content spans (from the left of one box to the right of another). */
async function usedWidth(page: Page, left: Locator, right: Locator): Promise<number> {
  const a = (await left.boundingBox())!;
  const b = (await right.boundingBox())!;
  return (Math.max(a.x + a.width, b.x + b.width) - a.x) / page.viewportSize()!.width;
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('the hub uses the width', () => {
  test('at 1280 px a side column stands beside the list of discussions', async ({ page }) => {
    const me = await newMember('widehub');
    await createThread(me.id, [{ authorId: me.id, content: 'Who plays the closing set?' }]);
    await page.setViewportSize(DESKTOP);
    await page.goto('/discussions');
    const list = page.getByRole('region', { name: 'Community Hub' });
    await expect(page.getByTestId('discussion-card').first()).toBeVisible({ timeout: 30_000 });
    const aside = page.getByTestId('hub-aside');
    await expect(aside).toBeVisible();
    const listBox = (await list.boundingBox())!;
    const asideBox = (await aside.boundingBox())!;
    expect(beside(listBox, asideBox)).toBe(true);
    // The side column lists the categories, each a link that filters the list.
    await expect(aside.getByRole('link', { name: /Events & Gigs/ })).toBeVisible();
    const used = await usedWidth(page, list, aside);
    test.info().annotations.push({ type: 'hub width used at 1280', description: used.toFixed(2) });
    await test.info().attach('hub-1280', { body: await page.screenshot(), contentType: 'image/png' });
    await aside.getByRole('link', { name: /Events & Gigs/ }).click();
    await expect(page).toHaveURL(/category=Events/);
    for (const category of await page.getByTestId('card-category').allTextContents()) expect(category).toBe('Events & Gigs');
  });

  test('at 360 px nothing stands beside the list and the page does not scroll sideways', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/discussions');
    const list = page.getByRole('region', { name: 'Community Hub' });
    await expect(page.getByTestId('discussion-card').first()).toBeVisible({ timeout: 30_000 });
    const asideBox = await shownBox(page.getByTestId('hub-aside'));
    if (asideBox) expect(beside((await list.boundingBox())!, asideBox)).toBe(false);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

test.describe('a thread uses the width', () => {
  test('at 1280 px the thread info stands beside a readable text column; at 360 px it does not', async ({ page }) => {
    const author = await newMember('widethread');
    const replier = await newMember('widereply');
    const thread = await createThread(author.id, [
      { authorId: author.id, content: 'Best way to warm up a room before midnight?' },
      { authorId: replier.id, content: 'Start slow, build from 118 BPM.' },
    ]);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/discussions/thread/${thread.id}`);
    await expect(page.getByText('Start slow, build from 118 BPM.')).toBeVisible({ timeout: 30_000 });
    const posts = page.getByTestId('thread-posts');
    const aside = page.getByTestId('thread-aside');
    await expect(aside).toBeVisible();
    const postsBox = (await posts.boundingBox())!;
    expect(beside(postsBox, (await aside.boundingBox())!)).toBe(true);
    // A readable text column: posts no wider than about 80 characters of body text.
    expect(postsBox.width).toBeLessThanOrEqual(800);
    // What the side column tells: who started it, the replies and who took part, the category.
    await expect(aside).toContainText(author.username);
    await expect(aside.getByTestId('thread-aside-replies')).toContainText('1');
    await expect(aside.getByTestId('thread-aside-participants')).toContainText('2');
    await expect(aside).toContainText('Events & Gigs');
    const used = await usedWidth(page, posts, aside);
    test.info().annotations.push({ type: 'thread width used at 1280', description: used.toFixed(2) });
    await test.info().attach('thread-1280', { body: await page.screenshot(), contentType: 'image/png' });

    await page.setViewportSize(PHONE);
    await expect(page.getByText('Start slow, build from 118 BPM.')).toBeVisible();
    const phoneAside = await shownBox(aside);
    if (phoneAside) expect(beside((await posts.boundingBox())!, phoneAside)).toBe(false);
    expect(await sidewaysOverflow(page)).toBe(0);
    await test.info().attach('thread-360', { body: await page.screenshot(), contentType: 'image/png' });
  });
});
