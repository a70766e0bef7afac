import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { BLOG_TEXTS } from '../../src/features/blog/constants';
import { PROFILE_MESSAGES } from '../../src/features/profiles/constants';
import { dbQuery, newMemberApi, serviceClient } from '../support/standins/e2e-session';
import { expectDeviceToHold } from './offline-support';
import { holdReplication, recordLayoutShifts, shiftsSince } from './first-visit-support';

// The first visit of a shared profile, blog post or the home page on a phone that has never opened the app.
if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

/** A title of the same length, so the store's later copy takes the same room on screen. */
function renamed(title: string): string {
  return `R${title.slice(1)}`;
}

test('an empty device shows a shared profile and its public content from the server before its store has synced, and the store takes over without a shift', async ({
  page,
}) => {
  const member = await newMemberApi('fvprofile');
  const tag = randomUUID().slice(0, 8);
  const titles = [`Public mix one ${tag}`, `Public mix two ${tag}`];
  const { error } = await serviceClient()
    .from('user_content')
    .insert([
      ...titles.map((title, i) => ({
        user_id: member.id,
        title,
        type: 'mix',
        content_url: `https://example.com/${tag}/${i}.mp3`,
        is_public: true,
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
      })),
      {
        user_id: member.id,
        title: `Private draft ${tag}`,
        type: 'mix',
        content_url: `https://example.com/${tag}/private.mp3`,
        is_public: false,
        created_at: new Date().toISOString(),
      },
    ]);
  expect(error).toBeNull();
  const replication = await holdReplication(page);
  await recordLayoutShifts(page);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto(`/profile/${member.username}`);
  await expect(page.getByTestId('profile-header')).toContainText(`@${member.username}`);
  const content = page.getByTestId('profile-content');
  await expect(content.getByRole('listitem')).toHaveCount(2);
  await expect(content.getByRole('listitem').first()).toContainText(titles[0]!);
  await expect(content).not.toContainText('Private draft');
  // The store opened and asked for its rows meanwhile, and got nothing yet: what shows came from the server.
  await expect.poll(() => replication.held(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(content.getByRole('listitem')).toHaveCount(2);

  // Renamed on the server meanwhile: only the store, pulling after the release, shows it.
  const { error: renameError } = await serviceClient()
    .from('user_content')
    .update({ title: renamed(titles[0]!) })
    .eq('user_id', member.id)
    .eq('title', titles[0]!);
  expect(renameError).toBeNull();
  await page.getByTestId('profile-header').evaluate((el) => el.setAttribute('data-first-render', 'kept'));
  const handOverStart = await page.evaluate(() => performance.now());
  replication.release();

  await expect(content.getByRole('listitem').first()).toContainText(renamed(titles[0]!), { timeout: 20_000 });
  await expectDeviceToHold(page, member.username);
  await expect(page.getByTestId('profile-header')).toHaveAttribute('data-first-render', 'kept');
  await expect(content.getByRole('listitem')).toHaveCount(2);
  expect(await shiftsSince(page, handOverStart)).toBe(0);
  expect(await shiftsSince(page, 0)).toBeLessThan(0.1);
});

test('an empty device shows a shared blog post from the server before its store has synced; its cover takes its room before it arrives', async ({ page }) => {
  const author = await newMemberApi('fvblog');
  const slug = `first-visit-${randomUUID().slice(0, 8)}`;
  const title = `First visit post ${slug}`;
  const { error } = await serviceClient().from('blog_posts').insert({
    title,
    slug,
    status: 'published',
    author_id: author.id,
    excerpt: 'Read me first',
    content: 'The body of the first visit.',
    cover_image_url: '/og-image.png',
  });
  expect(error).toBeNull();
  const replication = await holdReplication(page);
  await recordLayoutShifts(page);
  // The cover arrives late, as on a slow phone: the title below it must already sit where it stays.
  let releaseCover = () => undefined as void;
  const coverHeld = new Promise<void>((resolve) => (releaseCover = resolve));
  await page.route('**/og-image.png', async (route) => {
    await coverHeld;
    await route.fallback();
  });
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto(`/blog/${slug}`);
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('blog-body')).toContainText('The body of the first visit.');
  const [shown] = await dbQuery<{ name: string }>("select coalesce(nullif(display_name, ''), username) as name from public.profiles where id = $1", [
    author.id,
  ]);
  await expect(page.locator('article').getByRole('link', { name: shown!.name })).toBeVisible();
  await expect.poll(() => replication.held(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(heading).toBeVisible();

  const before = await heading.boundingBox();
  const coverStart = await page.evaluate(() => performance.now());
  releaseCover();
  await expect
    .poll(() =>
      page
        .locator('article img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    )
    .toBe(true);
  expect((await heading.boundingBox())?.y).toBe(before?.y);
  expect(await shiftsSince(page, coverStart)).toBe(0);

  // Edited on the server meanwhile (as long as before): only the store, pulling after the release, shows it.
  const { error: editError } = await serviceClient()
    .from('blog_posts')
    .update({ title: renamed(title) })
    .eq('slug', slug);
  expect(editError).toBeNull();
  await page.getByTestId('blog-body').evaluate((el) => el.setAttribute('data-first-render', 'kept'));
  const handOverStart = await page.evaluate(() => performance.now());
  replication.release();

  await expect(page.getByRole('heading', { level: 1, name: renamed(title) })).toBeVisible({ timeout: 20_000 });
  await expectDeviceToHold(page, slug);
  await expect(page.getByTestId('blog-body')).toHaveAttribute('data-first-render', 'kept');
  expect(await shiftsSince(page, handOverStart)).toBe(0);
  expect(await shiftsSince(page, 0)).toBeLessThan(0.1);
});

test('an empty device told by the server that a profile or a blog post does not exist says so at once, not once its store has opened', async ({ page }) => {
  const replication = await holdReplication(page);
  // The store cannot answer while replication is held and the launch waits for a quiet spell: only the server's read can.
  await page.goto(`/profile/nobody_${randomUUID().slice(0, 8)}`);
  await expect(page.getByTestId('profile-not-found')).toContainText(PROFILE_MESSAGES.notFound, { timeout: 4_000 });
  await page.goto(`/blog/no-such-post-${randomUUID().slice(0, 8)}`);
  await expect(page.getByRole('heading', { name: BLOG_TEXTS.notFoundTitle })).toBeVisible({ timeout: 4_000 });
  await expect(page.getByText(BLOG_TEXTS.notFound)).toBeVisible();
  expect(replication.held()).toBe(0);
  replication.release();
});

test('an empty device shows home with its featured members from the server before its store has synced', async ({ page }) => {
  const featured = await dbQuery<{ display_name: string | null; username: string }>(
    'select display_name, username from public.profiles where is_featured and not _deleted order by karma desc, id limit 3',
  );
  expect(featured.length).toBeGreaterThan(0);
  const replication = await holdReplication(page);
  await recordLayoutShifts(page);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto('/');
  const list = page.getByTestId('featured-artists');
  await expect(list.getByRole('listitem')).toHaveCount(featured.length);
  for (const [i, p] of featured.entries()) await expect(list.getByRole('listitem').nth(i)).toContainText(p.display_name || p.username);
  await expect.poll(() => replication.held(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(list.getByRole('listitem')).toHaveCount(featured.length);

  const shown = (await list.textContent()) ?? '';
  await list
    .getByRole('listitem')
    .first()
    .evaluate((el) => el.setAttribute('data-first-render', 'kept'));
  const handOverStart = await page.evaluate(() => performance.now());
  replication.release();
  await expectDeviceToHold(page, featured[0]!.username);
  // The store's first pull of profiles is complete: from now on the list is the store's, the same members in the same nodes.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('pulled:profiles'))), { timeout: 20_000 }).toBe(true);
  await expect(list).toHaveText(shown);
  await expect(list.getByRole('listitem').first()).toHaveAttribute('data-first-render', 'kept');
  expect(await shiftsSince(page, handOverStart)).toBe(0);
});
