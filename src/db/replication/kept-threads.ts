import type { AppDatabase } from '../database';
import { droppedThreads } from '../dropped-threads';
import { isUuid } from '../ids';
import type { RemoteTable } from './remote-table';
import { RECENT_WINDOW_DAYS } from './tables';

/** Upper bound on the thread list sent in a pull URL (about 40 bytes per id). */
export const MAX_KEPT_THREADS = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

const recentSince = (now: number) => new Date(now - RECENT_WINDOW_DAYS * DAY_MS).toISOString();

/**
 * The recently active threads as the server ranks them, pinned first, by the same rule as the store's query
 * in keptDiscussionIds; null when the server did not answer. For a device whose discussions are not in yet.
 */
export async function recentThreadsOnServer(discussions: RemoteTable, now = Date.now()): Promise<string[] | null> {
  const result = await discussions.selectRanked({
    conditions: ['_deleted.is.false', `last_activity_at.gte."${recentSince(now)}"`],
    order: [
      { column: 'is_pinned', ascending: false },
      { column: 'last_activity_at', ascending: false },
      { column: 'id', ascending: true },
    ],
    limit: MAX_KEPT_THREADS,
    columns: 'id',
  });
  return result.error || !result.data ? null : result.data.map((row) => String(row.id));
}

/**
 * The discussions whose posts this device keeps: pinned 'Keep offline',
 * bookmarked, visited, taken part in, and active in the last RECENT_WINDOW_DAYS, in that
 * order of priority when the list is capped. `recentOnServer`, when given,
 * names the recently active ones instead of the store.
 */
export async function keptDiscussionIds(db: AppDatabase, userId: string | null, now = Date.now(), recentOnServer?: string[]): Promise<string[]> {
  const since = recentSince(now);
  const [pins, bookmarks, visits, own, recent] = await Promise.all([
    db.pinned.find({ selector: { reason: 'keep_offline', entity_type: 'discussion' } }).exec(),
    // A bookmarked thread, or a bookmarked post's thread, is always kept.
    db.pinned.find({ selector: { reason: 'bookmark', entity_type: { $in: ['discussion', 'post'] } } }).exec(),
    db.pinned.find({ selector: { reason: 'visited', pinned_at: { $gte: since } }, sort: [{ reason: 'desc' }, { pinned_at: 'desc' }] }).exec(),
    userId ? db.posts.find({ selector: { user_id: userId }, sort: [{ user_id: 'desc' }, { created_at: 'desc' }], limit: 500 }).exec() : Promise.resolve([]),
    recentOnServer
      ? recentOnServer.map((id) => ({ id }))
      : db.discussions
          .find({
            selector: { is_pinned: { $in: [true, false] }, last_activity_at: { $gte: since } },
            sort: [{ is_pinned: 'desc' }, { last_activity_at: 'desc' }],
            limit: MAX_KEPT_THREADS,
          })
          .exec(),
  ]);
  // Devices that opened a malformed link before ids were checked keep a visit for it: drop it for good.
  const invalid = [...pins, ...visits].filter((doc) => !isUuid(doc.entity_id));
  if (invalid.length > 0) await db.pinned.bulkRemove(invalid.map((doc) => doc.id));
  const ids = new Set<string>();
  const bookmarked = bookmarks.map((b) => (b.entity_type === 'discussion' ? b.entity_id : b.discussion_id));
  // Threads the member dropped to free space stay off the device even while recent or taken part in, until
  // they are opened, kept or bookmarked again.
  const dropped = droppedThreads();
  const chosen = new Set(
    [...pins, ...bookmarks, ...visits].filter((doc) => !dropped[doc.entity_id] || doc.pinned_at >= dropped[doc.entity_id]).map((doc) => doc.entity_id),
  );
  const unlessDropped = (id: string | null | undefined) => !id || !dropped[id] || chosen.has(id);
  for (const id of [
    ...pins.map((p) => p.entity_id),
    ...bookmarked,
    ...visits.map((v) => v.entity_id),
    ...own.map((p) => p.discussion_id).filter(unlessDropped),
    ...recent.map((d) => d.id).filter(unlessDropped),
  ]) {
    if (ids.size >= MAX_KEPT_THREADS) break;
    if (isUuid(id)) ids.add(id);
  }
  return [...ids];
}
