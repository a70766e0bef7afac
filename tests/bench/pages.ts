/** The pages a shared link opens, picked from the seeded community, and the moment their first screen is readable. */
import pg from 'pg';
import type { Page } from 'playwright-core';
import { FIRST_SCREEN_MARK } from '../../src/lib/shell-constants';

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
 * it, then painted) and returns when it was set, in the page's clock.
 */
export async function waitForFirstScreen(page: Page, timeout = 60_000): Promise<number> {
  const handle = await page.waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? 0, FIRST_SCREEN_MARK, {
    timeout,
    polling: 'raf',
  });
  return Number(await handle.jsonValue());
}
