/** The pages a shared link opens, picked from the seeded community, and the moment their first screen is readable. */
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { FIRST_SCREEN_MARK, MESSAGES } from '../../src/lib/shell-constants';

async function firstRow<T extends Record<string, unknown>>(dbUrl: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<T>(text);
    if (!rows[0]) throw new Error(`no row for: ${text}`);
    return rows[0];
  } finally {
    await client.end();
  }
}

/** The five pages: the thread is the one whose length is closest to 35 posts. */
export async function sharedLinkPages(dbUrl: string): Promise<Record<string, string>> {
  const thread = await firstRow<{ id: string; n: string }>(
    dbUrl,
    `select d.id, count(p.id) as n from public.discussions d join public.posts p on p.discussion_id = d.id and not p._deleted
     where not d._deleted group by d.id order by abs(count(p.id) - 35), d.id limit 1`,
  );
  const profile = await firstRow<{ username: string }>(dbUrl, "select username from public.profiles where username = 'demo_dj'");
  const post = await firstRow<{ slug: string }>(
    dbUrl,
    "select slug from public.blog_posts where status = 'published' and not _deleted order by published_at desc limit 1",
  );
  return {
    thread: `/discussions/thread/${thread.id}`,
    hub: '/discussions',
    home: '/',
    profile: `/profile/${profile.username}`,
    blogPost: `/blog/${post.slug}`,
  };
}

/**
 * Waits for the app's mark of its first screen on the glass (the matched route rendered with nothing busy in
 * it, then painted) and returns when it was set, in the page's clock. Fails at once, saying so, when the page
 * shows the app's error screen instead: a benchmark of that screen measures nothing of the app.
 */
export async function waitForFirstScreen(page: Page, timeout = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    ([mark, errorTitle]) => {
      const at = performance.getEntriesByName(mark)[0]?.startTime;
      if (at) return at;
      return [...document.querySelectorAll('[role="alert"] h1')].some((h) => h.textContent === errorTitle) ? -1 : 0;
    },
    [FIRST_SCREEN_MARK, MESSAGES.renderErrorTitle] as const,
    { timeout, polling: 'raf' },
  );
  const at = Number(await handle.jsonValue());
  if (at < 0) throw new Error(`${page.url()} shows the app's error screen ("${MESSAGES.renderErrorTitle}"), not its first screen`);
  return at;
}

/**
 * Opens each page once in `browser` and checks that it reaches its first screen, before any figure is taken:
 * a build that only shows its error screen (two copies of React in one bundle did) would otherwise be measured
 * as a fast page.
 */
export async function checkPagesRender(browser: Browser, baseUrl: string, pages: Record<string, string>): Promise<void> {
  for (const [name, path] of Object.entries(pages)) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text().split('\n')[0] ?? '');
      });
      await page.goto(`${baseUrl}${path}`);
      await waitForFirstScreen(page);
    } catch (error) {
      throw new Error(
        `the ${name} page did not render: ${error instanceof Error ? error.message : String(error)}; page errors: ${errors.join(' | ') || 'none'}`,
        { cause: error },
      );
    } finally {
      await context.close();
    }
  }
}
