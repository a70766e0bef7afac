import { combineLatest, map, of, type Observable } from 'rxjs';
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

/** The member's read points, live from their replicated records. */
export function memberReadPoints$(db: AppDatabase): Observable<Map<string, ReadPoint>> {
  return db.discussion_reads
    .find()
    .$.pipe(map((docs) => new Map(docs.map((d) => [d.discussion_id, { lastReadAt: d.last_read_at ?? null, level: isLevel(d.level) ? d.level : null }]))));
}

/** Posts after the read point of each thread the device holds them for: the hub's "3 new". */
export function unreadCounts$(db: AppDatabase, threads: readonly { id: string; lastReadAt: string }[]): Observable<Map<string, number>> {
  if (threads.length === 0) return of(new Map<string, number>());
  return combineLatest(
    threads.map((t) => db.posts.count({ selector: { discussion_id: t.id, created_at: { $gt: t.lastReadAt } } }).$.pipe(map((count) => [t.id, count] as const))),
  ).pipe(map((entries) => new Map(entries)));
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
  change: { lastReadAt?: string; level?: NotificationLevel },
): Promise<void> {
  const lastReadAt = change.lastReadAt === undefined ? undefined : furthest(current?.lastReadAt ?? null, change.lastReadAt);
  if (!current) {
    const now = new Date().toISOString();
    const doc: DiscussionReadDoc = {
      id: discussionReadId(userId, discussionId),
      user_id: userId,
      discussion_id: discussionId,
      last_read_at: lastReadAt ?? null,
      level: change.level ?? null,
      created_at: now,
      updated_at: now,
    };
    return mutate(db, { op: 'insert', collection: 'discussion_reads', doc });
  }
  const patch: Partial<DiscussionReadDoc> = {};
  if (lastReadAt !== undefined && lastReadAt !== current.lastReadAt) patch.last_read_at = lastReadAt;
  if (change.level !== undefined && change.level !== current.level) patch.level = change.level;
  if (Object.keys(patch).length === 0) return Promise.resolve();
  return mutate(db, { op: 'update', collection: 'discussion_reads', id: discussionReadId(userId, discussionId), patch });
}

// A visitor's read points stay on the device: a small map in localStorage, nothing sent.
const VISITOR_KEY = privateKey('reads', 'visitor');

export function readVisitorPoints(): Map<string, ReadPoint> {
  const stored = readJson(VISITOR_KEY, (value) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null));
  const points = new Map<string, ReadPoint>();
  for (const [id, at] of Object.entries(stored ?? {})) if (typeof at === 'string') points.set(id, { lastReadAt: at, level: null });
  return points;
}

export function writeVisitorPoint(discussionId: string, lastReadAt: string): Map<string, ReadPoint> {
  const points = readVisitorPoints();
  const next = furthest(points.get(discussionId)?.lastReadAt ?? null, lastReadAt);
  if (next) points.set(discussionId, { lastReadAt: next, level: null });
  deviceStorage()?.setItem(VISITOR_KEY, JSON.stringify(Object.fromEntries([...points].map(([id, p]) => [id, p.lastReadAt]))));
  return points;
}

/** When the viewer last opened the hub on this device: threads created after it are new to them. */
export function hubVisitKey(viewerId: string | null): string {
  return privateKey('hub-visit', viewerId ?? 'visitor');
}

/** Reads the previous visit's time and records this one; the first visit ever finds nothing new. */
export function takeHubVisit(viewerId: string | null, now: string): string {
  const store = deviceStorage();
  const key = hubVisitKey(viewerId);
  const previous = store?.getItem(key) ?? null;
  store?.setItem(key, now);
  return previous && !Number.isNaN(Date.parse(previous)) ? previous : now;
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
