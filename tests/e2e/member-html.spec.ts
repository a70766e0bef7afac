import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { REPLY_TEXT, THREAD_TEXT } from '../../src/features/discussions/constants';
import { newMemberApi, signInApi, signInPage } from '../support/standins/e2e-session';

// Member HTML must stay inside its post: run with the stack, `npx playwright test tests/e2e/member-html.spec.ts`.
if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

/** Overlay and escape attempts, each posted as its own reply: classes of the app's stylesheet, inline CSS and its tricks. */
const ATTEMPTS = [
  '<div class="fixed inset-0 z-50 bg-background"><p>Your session expired. Sign in again.</p></div>',
  '<a href="https://evil.example/" class="fixed inset-0 z-50">every tap is mine</a>',
  '<div class="absolute -top-96 left-0 h-screen w-screen">absolute</div>',
  '<div class="sticky top-0 z-50 min-w-max">sticky class</div>',
  '<div style="position:fixed;inset:0;z-index:2147483647;background:#000">fixed overlay</div>',
  '<div style="position:/**/fixed;top:0;left:0;width:100%;height:100%">comment trick</div>',
  '<div style="posit\\69 on:fixed;top:0;left:0;width:100vw;height:100vh">escape trick</div>',
  '<div style="position:sticky;top:0;z-index:60">sticky style</div>',
  '<div style="width:200vw;height:150vh">too wide</div>',
  '<div style="transform:translate(-40vw,-40vh) scale(4)">moved</div>',
  '<div style="margin:-9999px">pulled away</div>',
  '<div style="margin-left:-200px;margin-top:-300px">pulled a little</div>',
  '<div style="float:left;width:3000px">floated</div>',
  '<span style="font-size:600px">huge</span>',
  '<div style="inset:0;position:absolute;clip-path:inset(0)">clip</div>',
  '<div style="z-index:9999;position:relative;top:-500px">z-index</div>',
  '<a href="https://evil.example/" style="display:block;position:absolute;top:0;left:0;width:100vw;height:100vh">full-size link</a>',
  '<div style="min-width:5000px;padding-left:2000px">padded</div>',
  '<svg width="5000" height="5000"><rect width="5000" height="5000" /></svg>svg',
  '<img src="/og-image.png" width="5000" height="5000" alt="huge image"><img src="/og-image.png" style="width:4000px;height:4000px" alt="styled image">',
  '<iframe src="https://example.com/embed" width="9999" height="9999"></iframe>',
  '<p>Averyveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryverylongwordwithoutanybreak</p>',
  '<p style="color:red;font-weight:bold">harmless colour stays</p>',
];

const SIGNATURE = '<span style="position:fixed;inset:0;z-index:99">sig</span><b class="fixed inset-0">bold sig</b>';

async function seedHostileThread(): Promise<{ id: string; author: Awaited<ReturnType<typeof newMemberApi>> }> {
  const author = await newMemberApi('boxed');
  const { client } = await signInApi(author.email, author.password);
  const sig = await client.from('profiles').update({ signature: SIGNATURE }).eq('id', author.id);
  if (sig.error) throw sig.error;
  const id = randomUUID();
  const d = await client.from('discussions').insert({ id, user_id: author.id, title: `Boxed ${id.slice(0, 8)}`, category: 'DJ Techniques' });
  if (d.error) throw d.error;
  for (const content of ['Opening post', ...ATTEMPTS]) {
    const p = await client.from('posts').insert({ id: randomUUID(), discussion_id: id, user_id: author.id, content });
    if (p.error) throw p.error;
  }
  return { id, author };
}

/** Every element of member HTML whose box reaches outside the box of the element rendering it, described for the failure message. */
async function escapes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const box of Array.from(document.querySelectorAll('[data-testid="post-content"], [data-testid="post-signature"]'))) {
      const outer = box.getBoundingClientRect();
      const card = box.closest('[data-testid="post"]')?.getBoundingClientRect();
      if (card && (outer.left < card.left - 1 || outer.right > card.right + 1)) out.push(`box wider than its post: ${box.textContent?.slice(0, 40)}`);
      for (const el of Array.from(box.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.left < outer.left - 1 || r.right > outer.right + 1 || r.top < outer.top - 1 || r.bottom > outer.bottom + 1) {
          out.push(
            `${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 30)}" at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)} outside ${Math.round(outer.left)},${Math.round(outer.top)} ${Math.round(outer.width)}x${Math.round(outer.height)}`,
          );
        }
      }
    }
    return out;
  });
}

for (const width of [360, 1280]) {
  test(`member HTML stays in its post at ${width} px: nothing covers or widens the thread`, async ({ page }) => {
    // 24 posts seeded through the API and about 50 pointer checks: more than the default minute on a loaded machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    const { id, author } = await seedHostileThread();
    await signInPage(page, author.email, author.password);
    await page.goto(`/discussions/thread/${id}`);
    const posts = page.getByTestId('post');
    await expect(posts).toHaveCount(ATTEMPTS.length + 1, { timeout: 30_000 });
    await expect(page.getByTestId('post-signature').first()).toContainText('bold sig');
    await expect(page.getByText('harmless colour stays')).toHaveCSS('color', 'rgb(255, 0, 0)');

    expect(await escapes(page)).toEqual([]);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.view);

    // The thread's own controls answer to the pointer: Delete on every post, and the reply form.
    for (let i = 0; i < ATTEMPTS.length + 1; i++) {
      await posts.nth(i).getByRole('button', { name: THREAD_TEXT.delete }).click({ trial: true, timeout: 5_000 });
    }
    await page.getByLabel(REPLY_TEXT.label).click({ timeout: 5_000 });
    await page.keyboard.type('Still mine to write');
    await page.getByRole('button', { name: REPLY_TEXT.submit }).click({ trial: true, timeout: 5_000 });

    // A real click on the last post's Delete opens its confirmation, not a member's link.
    await posts.last().getByRole('button', { name: THREAD_TEXT.delete }).click({ timeout: 5_000 });
    await expect(page.getByRole('alertdialog')).toContainText(THREAD_TEXT.confirmDeletePost);
    await expect(page).toHaveURL(new RegExp(`/discussions/thread/${id}`));
  });
}

/** Frames a member may try, none of which may become a frame in the thread. */
const FRAME_ATTEMPTS = [
  '<iframe src="https://example.com/embed"></iframe>example frame',
  '<iframe srcdoc="<script>parent.document.title=1</script>"></iframe>srcdoc frame',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>data frame',
  '<iframe src="javascript:alert(1)"></iframe>javascript frame',
  '<iframe src="https://soundcloud.com.evil.example/player/?url=x"></iframe>look-alike frame',
  '<iframe src="https://w.soundcloud.com@evil.example/player/?url=https%3A//api.soundcloud.com/tracks/1"></iframe>userinfo frame',
  '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>cookie youtube frame',
];

test('frames in member HTML: only supported players survive, and they wait for Play as cards', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const requested: string[] = [];
  await page.context().route(/^https:\/\/([a-z0-9-]+\.)*(example\.com|evil\.example|soundcloud\.com|youtube\.com|youtube-nocookie\.com)\//, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>frame</p>' });
  });
  const author = await newMemberApi('frames');
  const { client } = await signInApi(author.email, author.password);
  const id = randomUUID();
  const d = await client.from('discussions').insert({ id, user_id: author.id, title: `Frames ${id.slice(0, 8)}`, category: 'DJ Techniques' });
  if (d.error) throw d.error;
  const player = '<iframe src="https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/42"></iframe>player frame';
  for (const content of ['Opening post', ...FRAME_ATTEMPTS, player]) {
    const p = await client.from('posts').insert({ id: randomUUID(), discussion_id: id, user_id: author.id, content });
    if (p.error) throw p.error;
  }
  await signInPage(page, author.email, author.password);
  await page.goto(`/discussions/thread/${id}`);
  await expect(page.getByTestId('post')).toHaveCount(FRAME_ATTEMPTS.length + 2, { timeout: 30_000 });
  await expect(page.getByText('player frame')).toBeVisible();
  await expect(page.getByTestId('embed-card')).toHaveCount(1);
  expect(await page.locator('[data-testid="post"] iframe, [data-testid="post"] frame, [data-testid="post"] object, [data-testid="post"] embed').count()).toBe(
    0,
  );
  expect(requested).toEqual([]);
  expect(await page.title()).not.toBe('1');
});
