import { hasPulled } from '../first-pull';
import { isUuid } from '../ids';
import { keptDiscussionIds, recentThreadsOnServer } from './kept-threads';
import { refusedThreadIds } from './refused-threads';
import type { Row } from './row-mapping';
import type { PullScope } from './table-spec';
import type { SyncRun, TableRules } from './table-rules';
import { fetchThreadRows, missingThreadPosts } from './thread-backfill';

/** How long after a live thread header the device's post count is compared with it. */
const THREAD_GAP_CHECK_MS = 1500;

/**
 * Self-healing: a thread's post_count works as a sequence number. When a live header of a kept thread counts
 * more posts than the device holds, and still does once the posts of the same transaction had time to arrive,
 * a posts frame was lost: pull posts from the checkpoint.
 */
function watchThreadGaps(run: SyncRun, kept: () => string[] | undefined): (header: Row) => void {
  const checks = new Map<string, ReturnType<typeof setTimeout>>();
  run.onStop(() => checks.forEach((timer) => clearTimeout(timer)));
  const compare = (id: string, count: number) => {
    checks.delete(id);
    if (run.isStopped()) return;
    void run.db.posts
      .count({ selector: { discussion_id: id } })
      .exec()
      .then((held) => {
        if (!run.isStopped() && held < count) run.reSync('posts');
      })
      .catch(() => undefined);
  };
  return (header) => {
    const id = String(header.id);
    const count = Number(header.post_count);
    if (!Number.isFinite(count) || !kept()?.includes(id) || checks.has(id)) return;
    checks.set(
      id,
      setTimeout(() => compare(id, count), THREAD_GAP_CHECK_MS),
    );
  };
}

/**
 * A member opens a thread: the visit is recorded (so the thread is kept from now on), `keep` adds it to
 * this run's scope, the live stream follows it, and its posts are fetched now. Resolves with how many.
 * A thread this run already keeps and has checked whole (`onDevice`) is not fetched again: the
 * checkpointed pull brings what changed since, a few rows instead of the whole thread on every open.
 */
async function visitThread(run: SyncRun, discussionId: string, keep: () => void, onDevice: boolean): Promise<number> {
  if (!isUuid(discussionId)) throw new Error(`Not a discussion id: ${discussionId}`);
  // Watched before anything is awaited, so a screen closed meanwhile (releaseThread) is not watched after.
  run.live()?.watchThread(discussionId);
  await run.db.pinned.incrementalUpsert({
    id: `visited:discussion:${discussionId}`,
    reason: 'visited',
    entity_type: 'discussion',
    entity_id: discussionId,
    pinned_at: new Date(run.now()).toISOString(),
  });
  keep();
  if (onDevice) {
    run.reSync('posts');
    await run.awaitInSync('posts');
    return 0;
  }
  // A thread opened before the checkpointed pull reached it (a link, a notification, a new thread):
  // its header and its authors come with its posts, so the page shows whole at once.
  const [rows] = await Promise.all([fetchThreadRows(run.remote('posts'), discussionId), run.fetchMissing('discussions', [discussionId])]);
  await run.fetchMissing('profiles', [...new Set(rows.map((row) => String(row.user_id)))]);
  await run.deliver('posts', rows);
  await run.awaitInSync('posts');
  return rows.length;
}

/**
 * Which posts a device keeps: the threads it keeps (pinned, visited, taken part in, recently active), the
 * member's own posts anywhere, and a thread the moment it is opened. These are the posts table's rules: the
 * scope its pulls ask with, the refused-thread bisection, the backfill of threads that joined late, the gap
 * check on live thread headers, and `ensure` (a visit). Shared, not the forum feature's: the store's own
 * "Keep offline" pins (src/db/pinning.ts) and the posts declaration's filter are scoped by it.
 */
export function threadScopeRules(run: SyncRun): TableRules {
  const { db, userId } = run;
  let scope: PullScope = { userId, now: run.now() };
  // Threads the server refused in a pull filter during this run: left out of every later pull.
  const refusedThreads = new Set<string>();
  const checkedThreads = new Set<string>();
  const suspectGap = watchThreadGaps(run, () => scope.discussionIds);

  // A device that never finished pulling the discussions cannot rank its recent threads itself: until this
  // run's discussions are in, the server names them (one light read), so the kept threads' posts come with
  // the first pull instead of after every discussion is stored.
  let discussionsIn = hasPulled('discussions');
  let recentOnServer: Promise<string[] | null> | undefined;
  function recentThreads(): Promise<string[] | null> {
    if (discussionsIn || !run.pulls('discussions')) return Promise.resolve(null);
    recentOnServer ??= recentThreadsOnServer(run.remote('discussions'), run.now());
    return recentOnServer;
  }

  let postsOfKeptThreads: Promise<void> = Promise.resolve();

  return {
    async pullScope() {
      const kept = await keptDiscussionIds(db, userId, run.now(), (await recentThreads()) ?? undefined);
      scope = { userId, now: run.now(), discussionIds: kept.filter((id) => !refusedThreads.has(id)) };
      return scope;
    },
    liveScope: () => scope,
    backfill: (current, pageRows) => missingThreadPosts(db, run.remote('posts'), current.discussionIds ?? [], pageRows, checkedThreads),
    async isolateRefused(current) {
      const refused = await refusedThreadIds(run.remote('posts'), current.discussionIds ?? []);
      if (refused.length === 0) return false;
      for (const id of refused) refusedThreads.add(id);
      await db.pinned.find({ selector: { entity_type: 'discussion', entity_id: { $in: refused } } }).remove();
      console.warn(`posts: the server refused thread ids ${refused.join(', ')} in a pull; they are no longer kept on this device.`);
      return true;
    },
    onLiveRows(name, rows) {
      if (name === 'discussions') rows.forEach(suspectGap);
    },
    started() {
      // Which threads' posts are kept follows from the discussions: from then on the store ranks the recent
      // threads, and posts are pulled once more as soon as the discussions are in, alongside the other tables
      // still pulling (not after all of them).
      const discussionsPulled = run.initialPull('discussions')?.then(() => {
        discussionsIn = true;
      });
      if (!discussionsPulled) return;
      // Without posts to pull, nothing waits on the discussions here; their failure is the replication's to report.
      discussionsPulled.catch(() => undefined);
      postsOfKeptThreads = discussionsPulled
        .then(async () => {
          if (run.isStopped()) return;
          run.reSync('posts');
          await run.awaitInSync('posts');
        })
        .catch(() => undefined);
    },
    ready: () => postsOfKeptThreads,
    ensure: (discussionId) =>
      visitThread(
        run,
        discussionId,
        () => {
          if (!scope.discussionIds?.includes(discussionId)) scope = { ...scope, discussionIds: [...(scope.discussionIds ?? []), discussionId] };
        },
        // In the scope the pulls ask with, and compared whole with its header by this run's backfill.
        (scope.discussionIds?.includes(discussionId) ?? false) && checkedThreads.has(discussionId),
      ),
  };
}
