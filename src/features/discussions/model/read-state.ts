import { map, type Observable } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import { mutate } from '@/db/mutate';
import type { DiscussionReadDoc } from '@/db/schemas/discussion-reads';
import { deviceStorage, privateKey, readJson } from '@/lib/device-storage';
import { NOTIFICATION_LEVELS, type NotificationLevel } from '../../../../supabase/functions/_shared/app-contract';
import { discussionReadId } from './ids';
import type { DiscussionRow } from './types';

export { NOTIFICATION_LEVELS, type NotificationLevel };

/** What a device knows of one thread for its viewer: how far they read and how much they hear of it. */
export interface ReadPoint {
  lastReadAt: string | null;
  level: NotificationLevel | null;
  /** how many of the thread's posts the read point covers; null while not known (a record stored before counts) */
  readCount: number | null;
}

export type ReadPoints = ReadonlyMap<string, ReadPoint>;
/** The member's level per category, as last read from the server. */
export type CategoryLevels = ReadonlyMap<string, NotificationLevel>;

export const isLevel = (value: unknown): value is NotificationLevel => (NOTIFICATION_LEVELS as readonly unknown[]).includes(value);

/** The later of two read points; null counts as nothing read. */
export function furthest(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a >= b ? a : b;
}

/** The level that applies: the thread's own, else its category's, else following for its author and normal for everyone else. */
export function effectiveLevel(
  discussion: Pick<DiscussionRow, 'category' | 'user_id'>,
  read: ReadPoint | undefined,
  categories: CategoryLevels,
  viewerId: string | null,
): NotificationLevel {
  return read?.level ?? categories.get(discussion.category) ?? (viewerId !== null && discussion.user_id === viewerId ? 'following' : 'normal');
}

/** Index of the first post after the read point; -1 when the thread was never read or everything was. */
export function firstUnreadIndex(posts: readonly { created_at: string }[], lastReadAt: string | null): number {
  if (!lastReadAt) return -1;
  return posts.findIndex((p) => p.created_at > lastReadAt);
}

/** How many of the posts a read point covers (the thread's posts, as the device holds them all while reading it). */
export function postsUpTo(posts: readonly { created_at: string }[], lastReadAt: string): number {
  return posts.filter((p) => p.created_at <= lastReadAt).length;
}

/**
 * The hub's "3 new": the thread's post count less the posts the read point covers, so it needs none of the
 * thread's posts on the device. 0 when nothing happened since the read point; null when the count is not known.
 */
export function unreadCount(discussion: Pick<DiscussionRow, 'post_count' | 'last_activity_at'>, point: ReadPoint): number | null {
  if (!point.lastReadAt || discussion.last_activity_at <= point.lastReadAt) return 0;
  if (point.readCount === null) return null;
  return Math.max(0, discussion.post_count - point.readCount);
}

/** What a device knows from one of the member's records. */
function toReadPoint(d: Pick<DiscussionReadDoc, 'last_read_at' | 'level' | 'read_count'>): ReadPoint {
  return {
    lastReadAt: d.last_read_at ?? null,
    level: isLevel(d.level) ? d.level : null,
    readCount: typeof d.read_count === 'number' ? d.read_count : null,
  };
}

/** The member's read points, live from their replicated records. */
export function memberReadPoints$(db: AppDatabase): Observable<Map<string, ReadPoint>> {
  return db.discussion_reads.find().$.pipe(map((docs) => new Map(docs.map((d) => [d.discussion_id, toReadPoint(d)]))));
}

/**
 * Moves the member's read point of a thread forward (never back) or sets their level, as one write of
 * their record: an insert the first time, else an update of what changed. `current` is the record the
 * screen shows, so the write is chosen without waiting.
 */
export function writeReadPoint(
  db: AppDatabase,
  userId: string,
  discussionId: string,
  current: ReadPoint | undefined,
  change: { lastReadAt?: string; readCount?: number; level?: NotificationLevel },
): Promise<void> {
  const lastReadAt = change.lastReadAt === undefined ? undefined : furthest(current?.lastReadAt ?? null, change.lastReadAt);
  // The count goes with the point it was counted for; a point that did not move keeps its count.
  const readCount = lastReadAt !== undefined && lastReadAt === change.lastReadAt ? change.readCount : undefined;
  if (!current) {
    const now = new Date().toISOString();
    const doc: DiscussionReadDoc = {
      id: discussionReadId(userId, discussionId),
      user_id: userId,
      discussion_id: discussionId,
      last_read_at: lastReadAt ?? null,
      level: change.level ?? null,
      read_count: readCount ?? 0,
      created_at: now,
      updated_at: now,
    };
    // Two points flushed before the screen saw the first one's record (the store busy with a first sync) would both
    // insert; the second, refused, was lost until the next scroll. It moves the record the first one made instead.
    return mutate(db, { op: 'insert', collection: 'discussion_reads', doc }).catch(async (error: unknown) => {
      const made = await db.discussion_reads.findOne(doc.id).exec();
      if (!made) throw error;
      return writeReadPoint(db, userId, discussionId, toReadPoint(made), change);
    });
  }
  const patch: Partial<DiscussionReadDoc> = {};
  if (lastReadAt !== undefined && lastReadAt !== current.lastReadAt) {
    patch.last_read_at = lastReadAt;
    if (readCount !== undefined) patch.read_count = readCount;
  }
  if (change.level !== undefined && change.level !== current.level) patch.level = change.level;
  if (Object.keys(patch).length === 0) return Promise.resolve();
  return mutate(db, { op: 'update', collection: 'discussion_reads', id: discussionReadId(userId, discussionId), patch });
}

// A visitor's read points stay on the device: a small map in localStorage (thread -> [read point, posts it covers]),
// nothing sent. Points kept before counts were a bare time.
const VISITOR_KEY = privateKey('reads', 'visitor');

export function readVisitorPoints(): Map<string, ReadPoint> {
  const stored = readJson(VISITOR_KEY, (value) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null));
  const points = new Map<string, ReadPoint>();
  for (const [id, entry] of Object.entries(stored ?? {})) {
    if (typeof entry === 'string') points.set(id, { lastReadAt: entry, level: null, readCount: null });
    else if (Array.isArray(entry) && typeof entry[0] === 'string') {
      points.set(id, { lastReadAt: entry[0], level: null, readCount: typeof entry[1] === 'number' ? entry[1] : null });
    }
  }
  return points;
}

export function writeVisitorPoint(discussionId: string, lastReadAt: string, readCount: number): Map<string, ReadPoint> {
  const points = readVisitorPoints();
  const current = points.get(discussionId);
  if (!current?.lastReadAt || lastReadAt > current.lastReadAt) points.set(discussionId, { lastReadAt, level: null, readCount });
  deviceStorage()?.setItem(VISITOR_KEY, JSON.stringify(Object.fromEntries([...points].map(([id, p]) => [id, [p.lastReadAt, p.readCount]]))));
  return points;
}

/**
 * The furthest moment the viewer opened the hub, as this device knows it: threads created after it are new
 * to them. A visitor's stays here; a member's is also traded with the server (see read-state-sync.ts).
 */
export function hubVisitKey(viewerId: string | null): string {
  return privateKey('hub-visit', viewerId ?? 'visitor');
}

function storedHubVisit(viewerId: string | null): string | null {
  const stored = deviceStorage()?.getItem(hubVisitKey(viewerId)) ?? null;
  return stored && !Number.isNaN(Date.parse(stored)) ? stored : null;
}

/** Moves the device's record of the viewer's hub visit forward to `at` (never back). */
export function keepHubVisit(viewerId: string | null, at: string): void {
  const stored = storedHubVisit(viewerId);
  if (stored === null || Date.parse(at) > Date.parse(stored)) deviceStorage()?.setItem(hubVisitKey(viewerId), at);
}

/** Reads the previous visit's time (null: none on this device) and records this one. */
export function takeHubVisit(viewerId: string | null, now: string): string | null {
  const previous = storedHubVisit(viewerId);
  keepHubVisit(viewerId, now);
  return previous;
}

// The member's category levels live on the server (the notification triggers read them); the device keeps the
// last answer so the hub can hide muted categories offline.
const categoryKey = (userId: string) => privateKey('category-levels', userId);

export function readCachedCategoryLevels(userId: string): Map<string, NotificationLevel> {
  const stored = readJson(categoryKey(userId), (value) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null,
  );
  return new Map(Object.entries(stored ?? {}).filter((entry): entry is [string, NotificationLevel] => isLevel(entry[1])));
}

export function cacheCategoryLevels(userId: string, levels: ReadonlyMap<string, NotificationLevel>): void {
  deviceStorage()?.setItem(categoryKey(userId), JSON.stringify(Object.fromEntries(levels)));
}
