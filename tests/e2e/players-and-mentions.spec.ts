import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { REPLY_TEXT } from '../../src/features/discussions/constants';
import { EMBED_PROVIDER_NAMES, EMBED_TEXT, PLAYER_FRAME_SANDBOX } from '../../src/lib/embeds';
import { THEME_STORAGE_KEY } from '../../src/lib/shell-constants';
import { newMember, signInPage, type E2eMember } from '../support/standins/e2e-session';

// Player cards and @mentions in posts: `npx playwright test tests/e2e/players-and-mentions.spec.ts`.
if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const PROVIDER_HOSTS =
  /^https?:\/\/([a-z0-9-]+\.)*(soundcloud\.com|mixcloud\.com|bandcamp\.com|youtube\.com|youtube-nocookie\.com|youtu\.be|spotify\.com|ytimg\.com|sndcdn\.com)(:\d+)?\//i;

/** Every request the page makes to a player's service, answered here by a stand-in page (the test never leaves the machine). */
async function watchProviders(page: Page): Promise<string[]> {
  const hits: string[] = [];
  await page.context().route(PROVIDER_HOSTS, async (route) => {
    hits.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' });
  });
  return hits;
}

async function seedThread(author: E2eMember, posts: string[]): Promise<string> {
  const id = randomUUID();
  const d = await author.client.from('discussions').insert({ id, user_id: author.id, title: `Players ${id.slice(0, 8)}`, category: 'Music Discovery' });
  if (d.error) throw d.error;
  for (const content of posts) {
    const p = await author.client.from('posts').insert({ id: randomUUID(), discussion_id: id, user_id: author.id, content });
    if (p.error) throw p.error;
  }
  return id;
}

async function expectAxeClean(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('[data-testid="post"]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

for (const theme of ['light', 'dark'] as const) {
  test(`a player link is a card that loads nothing until Play; offline it says it needs a connection (${theme}, 360 px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    const hits = await watchProviders(page);
    const author = await newMember('cards');
    const id = await seedThread(author, [
      'Opening post',
      '[Late night mix](https://soundcloud.com/some-dj/late-night-mix) is the one',
      '<p>embed code</p><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="560" height="315"></iframe>',
    ]);
    await signInPage(page, author.email, author.password);
    await page.goto(`/discussions/thread/${id}`);

    const cards = page.getByTestId('embed-card');
    await expect(cards).toHaveCount(2, { timeout: 30_000 });
    const soundcloud = page.locator('[data-testid="embed-card"][data-provider="soundcloud"]');
    await expect(soundcloud.getByTestId('embed-title')).toHaveText('Late night mix');
    // The link stays in the post, and the card links to the service's page.
    await expect(page.getByTestId('post-content').getByRole('link', { name: 'Late night mix' })).toBeVisible();
    await expect(soundcloud.getByRole('link', { name: EMBED_TEXT.open(EMBED_PROVIDER_NAMES.soundcloud) })).toHaveAttribute(
      'href',
      'https://soundcloud.com/some-dj/late-night-mix',
    );
    await expect(page.locator('[data-testid="post"] iframe')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, theme);
    expect(hits).toEqual([]);

    // Keyboard: Tab reaches Play, Enter loads the player, sandboxed and as wide as the card.
    const play = soundcloud.getByRole('button', { name: EMBED_TEXT.play('Late night mix', EMBED_PROVIDER_NAMES.soundcloud) });
    await play.focus();
    await page.keyboard.press('Enter');
    const frame = soundcloud.getByTestId('embed-frame');
    await expect(frame).toHaveAttribute('sandbox', PLAYER_FRAME_SANDBOX);
    await expect(frame).toHaveAttribute('src', /^https:\/\/w\.soundcloud\.com\/player\/\?url=https%3A%2F%2Fsoundcloud\.com%2Fsome-dj%2Flate-night-mix/);
    await expect.poll(() => hits.some((u) => u.startsWith('https://w.soundcloud.com/player/'))).toBe(true);
    expect(hits.every((u) => u.startsWith('https://w.soundcloud.com/'))).toBe(true);
    const box = await frame.boundingBox();
    const cardBox = await soundcloud.boundingBox();
    expect(box && cardBox && box.width <= cardBox.width + 1).toBe(true);
    await expectNoSidewaysScroll(page);

    // Offline, the card that was not played says why it cannot, and keeps its link.
    await page.context().setOffline(true);
    const youtube = page.locator('[data-testid="embed-card"][data-provider="youtube"]');
    await expect(youtube.getByTestId('embed-offline')).toHaveText(EMBED_TEXT.needsConnection);
    await expect(youtube.getByRole('button', { name: /Play/ })).toBeDisabled();
    await expect(youtube.getByRole('link', { name: EMBED_TEXT.open(EMBED_PROVIDER_NAMES.youtube) })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(hits.some((u) => u.includes('youtube'))).toBe(false);
    await page.context().setOffline(false);
  });
}

test("a link to the app's own track plays inline with the app's player, fetching nothing before play", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const member = await newMember('ownplay');
  const contentId = randomUUID();
  const contentUrl = `https://files.invalid/${member.id}/track/set.mp3`;
  const added = await member.client
    .from('user_content')
    .insert({ id: contentId, user_id: member.id, title: 'Warehouse set', type: 'track', content_url: contentUrl });
  if (added.error) throw added.error;
  const id = await seedThread(member, ['Opening post', `Hear [my set](/content/${contentId}) from Friday`]);
  const audioRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(contentUrl)) audioRequests.push(r.url());
  });
  await signInPage(page, member.email, member.password);
  await page.goto(`/discussions/thread/${id}`);
  const track = page.getByTestId('inline-track');
  await expect(track).toContainText('Warehouse set', { timeout: 30_000 });
  const audio = track.getByLabel(REPLY_TEXT.playTrack('Warehouse set'));
  await expect(audio).toHaveAttribute('src', contentUrl);
  await expect(audio).toHaveAttribute('preload', 'none');
  await expect(page.getByTestId('post-content').getByRole('link', { name: 'my set' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(audioRequests).toEqual([]);
});

test("a profile's link to a member's SoundCloud page is a player card that waits for Play", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const hits = await watchProviders(page);
  const member = await newMember('profcard');
  const updated = await member.client
    .from('profiles')
    .update({ social_links: { soundcloud: 'soundcloud.com/nightshift' } })
    .eq('id', member.id);
  if (updated.error) throw updated.error;
  await signInPage(page, member.email, member.password);
  await page.goto(`/profile/${member.username}`);
  const card = page.locator('[data-testid="embed-card"][data-provider="soundcloud"]');
  await expect(card.getByTestId('embed-title')).toHaveText('nightshift', { timeout: 30_000 });
  await expectNoSidewaysScroll(page);
  expect(hits).toEqual([]);
  await card.getByRole('button', { name: EMBED_TEXT.play('nightshift', EMBED_PROVIDER_NAMES.soundcloud) }).click();
  await expect(card.getByTestId('embed-frame')).toHaveAttribute('sandbox', PLAYER_FRAME_SANDBOX);
  await expect.poll(() => hits.some((u) => u.startsWith('https://w.soundcloud.com/player/'))).toBe(true);
});

for (const theme of ['light', 'dark'] as const) {
  test(`typing @ suggests members; Enter inserts @username and the posted reply links to the profile (${theme}, 360 px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    const author = await newMember('mentioner');
    const target = await newMember('mentioned');
    const id = await seedThread(author, ['Opening post']);
    await signInPage(page, author.email, author.password);
    await page.goto(`/discussions/thread/${id}`);

    const editor = page.getByLabel(REPLY_TEXT.label);
    await editor.click();
    const missing = `nobody_${randomUUID().slice(0, 8)}`;
    await page.keyboard.type(`Ask @${missing} or @${target.username.slice(0, 12)}`);
    const list = page.getByRole('listbox', { name: REPLY_TEXT.mentionList });
    const option = list.getByRole('option', { name: new RegExp(`@${target.username}`) });
    await expect(option).toBeVisible({ timeout: 15_000 });
    await expect(editor).toHaveAttribute('aria-activedescendant', /.+/);
    const axe = await new AxeBuilder({ page }).include('form').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await expectNoSidewaysScroll(page);

    // Move to the member with the arrows, pick with Enter.
    const options = list.getByRole('option');
    const index = (await options.allTextContents()).findIndex((t) => t.includes(`@${target.username}`));
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(editor).toHaveValue(`Ask @${missing} or @${target.username} `);
    await expect(list).toBeHidden();
    // A tap picks too, and the text keeps the focus.
    await page.keyboard.type(`and @${target.username.slice(0, 12)}`);
    await list.getByRole('option', { name: new RegExp(`@${target.username}`) }).click();
    await expect(editor).toHaveValue(`Ask @${missing} or @${target.username} and @${target.username} `);
    await expect(editor).toBeFocused();
    await page.keyboard.type('please');
    await page.getByRole('button', { name: REPLY_TEXT.submit }).click();

    const reply = page.getByTestId('post-content').filter({ hasText: 'please' });
    const link = reply.getByRole('link', { name: `@${target.username}` }).first();
    await expect(link).toHaveAttribute('href', `/profile/${target.username}`, { timeout: 20_000 });
    // A name nobody has is plain text.
    await expect(reply.getByRole('link', { name: `@${missing}` })).toHaveCount(0);
    await expect(reply).toContainText(`@${missing}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/profile/${target.username}$`));
  });
}
