import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { CREATE_TEXT, HUB_TEXT, REPLY_TEXT, THREAD_TEXT, THREAD_TOASTS } from '../../src/features/discussions/constants';
import { POST_ANCHOR_PREFIX } from '../../src/features/discussions/validation';
import { SEED_STAFF_ACCOUNTS } from '../../src/lib/demo-accounts';
import { THREADS } from '../../supabase/seed/content/threads';
import { seedId } from '../../supabase/seed/random';
import { newMemberApi, serviceClient, signInApi, signInPage } from '../support/standins/e2e-session';
import { expectDeviceToHold } from './offline-support';

// Journeys of issue 7 against the real local stack: run with E2E_STACK=1 npx playwright test tests/e2e/discussions.spec.ts
if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });

const moderator = SEED_STAFF_ACCOUNTS.find((a) => a.role === 'moderator')!;

type Member = Awaited<ReturnType<typeof newMemberApi>>;

/** A discussion with its first post, written through the API as `author`. */
async function seedThread(author: Member, title: string, content = 'Opening post'): Promise<{ id: string; postId: string }> {
  const { client } = await signInApi(author.email, author.password);
  const id = randomUUID();
  const postId = randomUUID();
  const d = await client.from('discussions').insert({ id, user_id: author.id, title, category: 'DJ Techniques' });
  if (d.error) throw d.error;
  const p = await client.from('posts').insert({ id: postId, discussion_id: id, user_id: author.id, content });
  if (p.error) throw p.error;
  return { id, postId };
}

async function toast(page: Page, text: { title: string; description: string }) {
  const t = page.getByTestId('toast').filter({ hasText: text.title });
  await expect(t).toContainText(text.description);
}

test.describe('Community Hub and threads', () => {
  test('visitor: reads a thread, is asked to log in to start, react or reply', async ({ page }) => {
    const author = await newMemberApi('hubauthor');
    const title = `Visitor journey ${randomUUID().slice(0, 8)}`;
    const { id } = await seedThread(author, title);

    await page.goto('/discussions');
    await page.getByLabel(HUB_TEXT.searchLabel).fill(title);
    const card = page.getByTestId('discussion-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(HUB_TEXT.replies(0));

    await page.getByRole('button', { name: HUB_TEXT.startNewDiscussion }).click();
    await toast(page, CREATE_TEXT.loginRequired);
    await expect(page.getByTestId('toast').getByRole('button', { name: CREATE_TEXT.login })).toBeVisible();

    await card.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByTestId('thread-title')).toHaveText(title);
    await expect(page.getByTestId('guest-prompt').getByRole('link', { name: THREAD_TEXT.login })).toHaveAttribute(
      'href',
      `/login?from=${encodeURIComponent(`/discussions/thread/${id}`)}`,
    );
    await expect(page.getByTestId('guest-prompt').getByRole('link', { name: THREAD_TEXT.signup })).toHaveAttribute(
      'href',
      `/signup?from=${encodeURIComponent(`/discussions/thread/${id}`)}`,
    );
    await page.getByTestId('like-button').first().click();
    await toast(page, THREAD_TOASTS.reactLogin);
    await expect(page.getByRole('button', { name: THREAD_TEXT.pin })).toHaveCount(0);
  });

  test('member: creates a discussion with a custom category and earns the toast', async ({ page }) => {
    const member = await newMemberApi('creator');
    await signInPage(page, member.email, member.password);
    await page.goto('/discussions');
    await page.getByRole('button', { name: HUB_TEXT.startNewDiscussion }).click();
    await page.getByRole('button', { name: CREATE_TEXT.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: CREATE_TEXT.required })).toBeVisible();

    const title = `Created ${randomUUID().slice(0, 8)}`;
    await page.getByLabel(CREATE_TEXT.titleLabel).fill(title);
    await page.getByTestId('new-discussion-category').click();
    await page.getByRole('option', { name: 'Other', exact: true }).click();
    await page.getByLabel(CREATE_TEXT.customCategoryLabel).fill('  Vinyl Digging  ');
    await page.getByLabel(CREATE_TEXT.contentLabel).fill('What are your favourite crates?');
    await page.getByRole('button', { name: CREATE_TEXT.submit }).click();
    await toast(page, CREATE_TEXT.success);
    await page.getByLabel(HUB_TEXT.searchLabel).fill(title);
    await expect(page.getByTestId('discussion-card').filter({ hasText: title })).toContainText('Vinyl Digging');

    await expect
      .poll(async () => (await serviceClient().from('discussions').select('id,category').eq('title', title)).data ?? [], { timeout: 15_000 })
      .toHaveLength(1);
    const { data } = await serviceClient().from('profiles').select('karma').eq('id', member.id).single();
    expect(data!.karma).toBeGreaterThanOrEqual(5);
  });

  test('member: the new-discussion dialog keeps a draft through closing and a reload; creating clears it', async ({ page }) => {
    const member = await newMemberApi('drafter');
    await signInPage(page, member.email, member.password);
    await page.goto('/discussions');
    const title = `Draft ${randomUUID().slice(0, 8)}`;
    const opening = `Which headphones do you trust for long sets? ${randomUUID().slice(0, 8)}`;
    await page.getByRole('button', { name: HUB_TEXT.startNewDiscussion }).click();
    await page.getByLabel(CREATE_TEXT.titleLabel).fill(title);
    await page.getByTestId('new-discussion-category').click();
    await page.getByRole('option', { name: 'Gear & Software' }).click();
    await page.getByLabel(CREATE_TEXT.contentLabel).fill(opening);
    await page.getByRole('button', { name: CREATE_TEXT.cancel }).click();
    // The draft is written after a pause in typing; the content was typed last.
    await expectDeviceToHold(page, opening);

    const expectForm = async (t: string, category: string, content: string) => {
      await page.getByRole('button', { name: HUB_TEXT.startNewDiscussion }).click();
      await expect(page.getByLabel(CREATE_TEXT.titleLabel)).toHaveValue(t);
      await expect(page.getByTestId('new-discussion-category')).toHaveText(category);
      await expect(page.getByLabel(CREATE_TEXT.contentLabel)).toHaveValue(content);
    };
    // A reload reads the draft back from the device's store, as an app restart does.
    await page.reload();
    await expectForm(title, 'Gear & Software', opening);
    await page.getByRole('button', { name: CREATE_TEXT.submit }).click();
    await toast(page, CREATE_TEXT.success);

    await expectForm('', CREATE_TEXT.categoryPlaceholder, '');
    await page.getByRole('button', { name: CREATE_TEXT.cancel }).click();
    // Gone from the store too, not only from the open form.
    await page.reload();
    await expectForm('', CREATE_TEXT.categoryPlaceholder, '');
  });

  test('member: a whitespace-only reply is refused with the Empty Reply toast and nothing is posted', async ({ page }) => {
    const author = await newMemberApi('emptyauthor');
    const member = await newMemberApi('emptyreply');
    const { id } = await seedThread(author, `Empty ${randomUUID().slice(0, 8)}`);
    await signInPage(page, member.email, member.password);
    await page.goto(`/discussions/thread/${id}`);
    await expect(page.getByTestId('post')).toHaveCount(1, { timeout: 30_000 });

    const submit = page.getByRole('button', { name: REPLY_TEXT.submit });
    await expect(submit).toBeDisabled();
    await page.getByLabel(REPLY_TEXT.label).fill('  \n\t  ');
    await expect(submit).toBeEnabled();
    await submit.click();
    await toast(page, THREAD_TOASTS.emptyReply);
    await expect(page.getByTestId('post')).toHaveCount(1);
    // Long enough for a queued reply to have been pushed: none was.
    await page.waitForTimeout(2000);
    expect((await serviceClient().from('posts').select('id').eq('discussion_id', id)).data).toHaveLength(1);
  });

  test('member offline: a reply and a new discussion queue and arrive exactly once', async ({ page, context }) => {
    const author = await newMemberApi('offauthor');
    const member = await newMemberApi('offline');
    const threadTitle = `Offline ${randomUUID().slice(0, 8)}`;
    await seedThread(author, threadTitle);
    await signInPage(page, member.email, member.password);
    // Both screens are opened online first, as a member would before losing signal.
    await page.goto('/discussions');
    await page.getByLabel(HUB_TEXT.searchLabel).fill(threadTitle);
    await page.getByRole('link', { name: threadTitle, exact: true }).click();
    await expect(page.getByTestId('post')).toHaveCount(1, { timeout: 30_000 });

    await context.setOffline(true);
    const reply = `Offline reply ${randomUUID().slice(0, 8)}`;
    await page.getByLabel(REPLY_TEXT.label).fill(reply);
    await page.getByRole('button', { name: REPLY_TEXT.submit }).click();
    const mine = page.getByTestId('post').filter({ hasText: reply });
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId('outbox-status')).toHaveAttribute('data-state', 'waiting');

    // In-app navigation: offline, the app keeps running from what it has.
    await page.getByRole('link', { name: THREAD_TEXT.back }).click();
    const title = `Queued ${randomUUID().slice(0, 8)}`;
    await page.getByRole('button', { name: HUB_TEXT.startNewDiscussion }).click();
    await page.getByLabel(CREATE_TEXT.titleLabel).fill(title);
    await page.getByTestId('new-discussion-category').click();
    await page.getByRole('option', { name: 'Music Production' }).click();
    await page.getByLabel(CREATE_TEXT.contentLabel).fill('Written on the train');
    await page.getByRole('button', { name: CREATE_TEXT.submit }).click();
    await toast(page, { title: CREATE_TEXT.success.title, description: CREATE_TEXT.success.description });

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(async () => (await serviceClient().from('posts').select('id').eq('content', reply)).data?.length ?? 0, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await serviceClient().from('discussions').select('id').eq('title', title)).data?.length ?? 0, { timeout: 20_000 }).toBe(1);
    // A second look a little later: a retried push never creates a second row.
    await page.waitForTimeout(2000);
    expect((await serviceClient().from('posts').select('id').eq('content', reply)).data).toHaveLength(1);
  });

  test('thread author: quotes, drafts survive a reload, marks a solution; permissions are hidden and refused', async ({ page }) => {
    const author = await newMemberApi('tauthor');
    const other = await newMemberApi('tother');
    const { id } = await seedThread(author, `Solution ${randomUUID().slice(0, 8)}`);
    const { client: otherClient } = await signInApi(other.email, other.password);
    const answerId = randomUUID();
    await otherClient.from('posts').insert({ id: answerId, discussion_id: id, user_id: other.id, content: 'Try lowering the gain.\nThen EQ.' });

    await signInPage(page, author.email, author.password);
    await page.goto(`/discussions/thread/${id}?post=${answerId}`);
    const answer = page.locator(`[data-post-id="${answerId}"]`);
    await expect(answer).toHaveAttribute('data-highlighted', 'true', { timeout: 30_000 });
    await answer.getByRole('button', { name: THREAD_TEXT.quote }).click();
    await expect(page.getByLabel(REPLY_TEXT.label)).toHaveValue(`> **${other.username} wrote:**\n> Try lowering the gain.\n> Then EQ.\n\n`);
    await page.getByLabel(REPLY_TEXT.label).press('End');
    const thanks = `Thanks! ${randomUUID().slice(0, 8)}`;
    await page.getByLabel(REPLY_TEXT.label).pressSequentially(thanks);
    // Reloaded straight after typing, before the pause that saves a draft: the words were rescued as the page went.
    await page.reload();
    await expect(page.getByLabel(REPLY_TEXT.label)).toHaveValue(new RegExp(`${thanks}$`));
    // Leaving the thread straight after typing, before the pause that saves a draft, keeps the words too.
    await page.getByLabel(REPLY_TEXT.label).pressSequentially(' See you there');
    await page.getByRole('link', { name: THREAD_TEXT.back }).click();
    await expect(page).toHaveURL(/\/discussions$/);
    await expectDeviceToHold(page, `${thanks} See you there`);
    await page.goBack();
    await expect(page.getByLabel(REPLY_TEXT.label)).toHaveValue(new RegExp(`${thanks} See you there$`));

    await answer.getByRole('button', { name: THREAD_TEXT.markSolution }).click();
    await expect(answer).toHaveAttribute('data-solution', 'true');
    await expect(answer.getByRole('button', { name: THREAD_TEXT.markSolution })).toHaveCount(0);
    await expect(page.getByRole('button', { name: THREAD_TEXT.pin })).toHaveCount(0);
    await expect(page.getByRole('button', { name: THREAD_TEXT.lock })).toBeVisible();

    // The API refuses what the UI hides: the other member cannot pin, lock, retitle or mark a solution.
    await otherClient.from('discussions').update({ is_pinned: true }).eq('id', id);
    await otherClient.from('discussions').update({ is_locked: true, title: 'hijacked' }).eq('id', id);
    const { data: row } = await serviceClient().from('discussions').select('is_pinned,is_locked,title').eq('id', id).single();
    expect(row).toMatchObject({ is_pinned: false, is_locked: false });
    expect(row!.title).not.toBe('hijacked');
  });

  test('?post= scrolls a post far down a long thread into view, with no page error', async ({ page }) => {
    // Chromium's scroll methods now return a promise; one leaked into a React effect crashes the production build.
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const thread = THREADS[0];
    const openingId = seedId(`post:${thread.key}:0`);
    const lastId = seedId(`post:${thread.key}:${thread.replies.length + thread.chatter}`);
    await page.goto(`/discussions/thread/${seedId(`discussion:${thread.key}`)}?post=${lastId}`);
    const target = page.locator(`[data-post-id="${lastId}"]`);
    await expect(target).toHaveAttribute('data-highlighted', 'true', { timeout: 30_000 });
    await expect(target).toBeInViewport();
    await expect(page.locator(`[data-post-id="${openingId}"]`)).not.toBeInViewport();
    expect(errors).toEqual([]);
  });

  test('a #post- link scrolls to a post rendered after the first screen, and find in page reaches the last post', async ({ page }) => {
    const thread = THREADS[0];
    const openingId = seedId(`post:${thread.key}:0`);
    const lastId = seedId(`post:${thread.key}:${thread.replies.length + thread.chatter}`);
    await page.goto(`/discussions/thread/${seedId(`discussion:${thread.key}`)}#${POST_ANCHOR_PREFIX}${lastId}`);
    const target = page.locator(`[data-post-id="${lastId}"]`);
    await expect(target).toHaveAttribute('data-highlighted', 'true', { timeout: 30_000 });
    await expect(target).toBeInViewport();
    await expect(page.locator(`[data-post-id="${openingId}"]`)).not.toBeInViewport();
    // Posts laid out only near the viewport are still whole in the document: the browser's find reaches them.
    await page.evaluate(() => window.scrollTo(0, 0));
    const words = (await target.getByTestId('post-content').innerText()).trim().split(/\s+/).slice(0, 6).join(' ');
    const foundIn = await page.evaluate((text) => {
      // window.find is Chromium's scripted find in page: it selects the match.
      if (!(window as unknown as { find: (s: string) => boolean }).find(text)) return null;
      return window.getSelection()?.anchorNode?.parentElement?.closest('[data-post-id]')?.getAttribute('data-post-id') ?? null;
    }, words);
    expect(foundIn).toBe(lastId);
  });

  test('moderator: pins and locks; the locked notice replaces the reply form', async ({ page }) => {
    const author = await newMemberApi('modauthor');
    const { id } = await seedThread(author, `Moderate ${randomUUID().slice(0, 8)}`);
    await signInPage(page, moderator.email, moderator.password);
    await page.goto(`/discussions/thread/${id}`);
    await page.getByRole('button', { name: THREAD_TEXT.pin }).click();
    await page.getByRole('button', { name: THREAD_TEXT.lock }).click();
    await expect(page.getByTestId('locked-notice')).toHaveText(THREAD_TEXT.locked);
    await expect(page.getByLabel(REPLY_TEXT.label)).toHaveCount(0);
    await expect
      .poll(async () => (await serviceClient().from('discussions').select('is_pinned,is_locked').eq('id', id).single()).data, { timeout: 15_000 })
      .toEqual({ is_pinned: true, is_locked: true });
    // Locked on the server too: a reply through the API is refused with the locked-thread text.
    const { client } = await signInApi(author.email, author.password);
    const { error } = await client.from('posts').insert({ id: randomUUID(), discussion_id: id, user_id: author.id, content: 'late' });
    expect(error?.message).toBe(THREAD_TEXT.locked);
  });

  test('author: a title edit shows the edited note, also after a reload', async ({ page }) => {
    const author = await newMemberApi('retitle');
    const { id } = await seedThread(author, `Before ${randomUUID().slice(0, 8)}`);
    await signInPage(page, author.email, author.password);
    await page.goto(`/discussions/thread/${id}`);
    const header = page.getByTestId('thread-meta');
    await expect(header).toContainText(THREAD_TEXT.startedBy, { timeout: 30_000 });
    await expect(header).not.toContainText('(edited');
    const renamed = `After ${randomUUID().slice(0, 8)}`;
    await page.getByRole('button', { name: THREAD_TEXT.editTitle }).click();
    await page.getByLabel(THREAD_TEXT.titleInputLabel).fill(renamed);
    await page.getByRole('button', { name: THREAD_TEXT.save }).click();
    await expect(page.getByTestId('thread-title')).toHaveText(renamed);
    await expect(header).toContainText(THREAD_TEXT.edited('less than a minute ago'));
    // The server keeps the edit time too, so the note survives the pull after a reload.
    await expect
      .poll(async () => (await serviceClient().from('discussions').select('title').eq('id', id).single()).data?.title, { timeout: 15_000 })
      .toBe(renamed);
    await page.reload();
    await expect(page.getByTestId('thread-title')).toHaveText(renamed, { timeout: 30_000 });
    await expect(header).toContainText(THREAD_TEXT.edited('less than a minute ago'));
  });

  test('XSS in posts and signatures renders inert', async ({ page }) => {
    const author = await newMemberApi('xss');
    const payload = [
      '<img src=x onerror="window.__xss=1">',
      '<a href="javascript:window.__xss=1">click</a>',
      '<svg onload="window.__xss=1"></svg>',
      '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
      '<div style="position:fixed;inset:0" onclick="window.__xss=1">cover</div>',
      '<script>window.__xss=1</script>',
    ].join('\n');
    const { client } = await signInApi(author.email, author.password);
    await client.from('profiles').update({ signature: '<b>sig</b><img src=x onerror="window.__xss=1">' }).eq('id', author.id);
    const { id } = await seedThread(author, `XSS ${randomUUID().slice(0, 8)}`, payload);
    await page.goto(`/discussions/thread/${id}`);
    const content = page.getByTestId('post-content').first();
    // A first visit waits for the initial pull of the fresh browser context.
    await expect(content).toContainText('cover', { timeout: 30_000 });
    await content.getByText('click').click({ trial: true });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await content.locator('script, svg, iframe[srcdoc], [onerror], [onclick], [onload]').count()).toBe(0);
    expect(await content.locator('a[href^="javascript"]').count()).toBe(0);
  });
});
