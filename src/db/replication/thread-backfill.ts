import type { AppDatabase } from '../database';
import { checkpointOf } from './pull';
import type { Checkpoint, RemoteTable } from './remote-table';
import { remoteFailure } from './remote-failure';
import type { Row } from './row-mapping';

const THREAD_PAGE = 1000;

/** Every post of one thread, page by page in checkpointed order. */
export async function fetchThreadRows(posts: RemoteTable, discussionId: string): Promise<Row[]> {
  const rows: Row[] = [];
  let after: Checkpoint | undefined;
  for (;;) {
    const page = await posts.selectPage({ conditions: [`discussion_id.eq.${discussionId}`], after, limit: THREAD_PAGE });
    if (page.error || !page.data) throw remoteFailure(posts.name, page);
    rows.push(...page.data);
    if (page.data.length < THREAD_PAGE) return rows;
    after = checkpointOf(page.data[page.data.length - 1]);
  }
}

/** Posts per thread in a page about to be handed over, not stored yet. */
function arrivingByThread(pageRows: Row[]): Map<string, string[]> {
  const inPage = new Map<string, string[]>();
  for (const row of pageRows) {
    if (row._deleted) continue;
    const thread = String(row.discussion_id);
    inPage.set(thread, [...(inPage.get(thread) ?? []), String(row.id)]);
  }
  return inPage;
}

/**
 * A thread can join the kept set after the posts checkpoint has passed its older posts: pinned or visited
 * offline, in a tab that does not replicate, or active again after weeks. Once per run and thread (`checked`
 * remembers), a caught-up pull compares what the device holds with the thread's post_count and fetches the
 * whole thread when posts are missing.
 */
export async function missingThreadPosts(db: AppDatabase, posts: RemoteTable, threadIds: string[], pageRows: Row[], checked: Set<string>): Promise<Row[]> {
  const ids = threadIds.filter((id) => !checked.has(id));
  if (ids.length === 0) return [];
  // The page being handed over is not stored yet: its posts count as held, or the last page of a first sync
  // had every thread with a post in it fetched whole once more (thousands of rows in one long task).
  const inPage = arrivingByThread(pageRows);
  const discussions = await db.discussions.findByIds(ids).exec();
  const rows: Row[] = [];
  for (const id of ids) {
    const discussion = discussions.get(id);
    // Without its header the thread cannot be judged yet; a later pull asks again.
    if (!discussion) continue;
    checked.add(id);
    if (discussion.post_count === 0) continue;
    let held = await db.posts.count({ selector: { discussion_id: id } }).exec();
    const arriving = inPage.get(id) ?? [];
    if (arriving.length > 0) held += arriving.length - (await db.posts.findByIds(arriving).exec()).size;
    if (held < discussion.post_count) rows.push(...(await fetchThreadRows(posts, id)));
  }
  return rows;
}
