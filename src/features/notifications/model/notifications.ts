import { format, isToday, isYesterday } from 'date-fns';
import { map, of, type Observable } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import { mutate } from '@/db/mutate';
import type { NotificationDoc } from '@/db/schemas/notifications';
import { NOTIFICATION_MESSAGES, notificationText } from '../constants';
import { plainTextPreview } from './plain-text';

type Linkable = Pick<NotificationDoc, 'type' | 'related_entity_id' | 'target_entity_id' | 'actor_username'>;

/** Blog posts' slugs by id: a blog post's reminder names the post by id (its slug can change after the reminder was set). */
export type BlogSlugs = ReadonlyMap<string, string>;
const NO_SLUGS: BlogSlugs = new Map();

/** The blog post a reminder is about: a reminder without a thread names one. */
export function blogReminderPostId(n: Pick<NotificationDoc, 'type' | 'related_entity_id' | 'target_entity_id'>): string | null {
  return n.type === 'bookmark_reminder' && !n.related_entity_id && n.target_entity_id ? n.target_entity_id : null;
}

/** The slugs of the blog posts these notifications remind of, live from the device's store (so offline too). */
export function blogSlugs$(db: AppDatabase, notifications: readonly NotificationDoc[]): Observable<Map<string, string>> {
  const ids = [...new Set(notifications.map(blogReminderPostId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return of(new Map());
  return db.blog_posts.find({ selector: { id: { $in: ids } } }).$.pipe(map((docs) => new Map(docs.map((d) => [d.id, d.slug]))));
}

/** Where a click on a notification goes: the thread (at the post), the blog post, or the follower's profile. */
export function notificationHref(n: Linkable, blogSlugs: BlogSlugs = NO_SLUGS): string {
  if (n.type === 'new_follower') return n.actor_username ? `/profile/${encodeURIComponent(n.actor_username)}` : '/notifications';
  const blogPost = blogReminderPostId(n);
  if (blogPost) {
    const slug = blogSlugs.get(blogPost);
    // Not on this device (yet): the blog, where it is listed.
    return slug ? `/blog/${encodeURIComponent(slug)}` : '/blog';
  }
  if (n.related_entity_id && ['new_reply', 'like_content', 'discussion_mention', 'bookmark_reminder'].includes(n.type)) {
    const post = n.target_entity_id ? `?post=${encodeURIComponent(n.target_entity_id)}` : '';
    return `/discussions/thread/${encodeURIComponent(n.related_entity_id)}${post}`;
  }
  return '/notifications';
}

/** The same target as router parts: the path and the post to scroll to. */
export function notificationTarget(
  n: Linkable,
  blogSlugs: BlogSlugs = NO_SLUGS,
): {
  to: string;
  search: { post?: string };
} {
  const [path, query] = notificationHref(n, blogSlugs).split('?');
  const post = query ? (new URLSearchParams(query).get('post') ?? undefined) : undefined;
  return { to: path, search: post ? { post } : {} };
}

export function describeNotification(n: NotificationDoc): string {
  const text = notificationText(n.type, n.actor_username);
  const preview = n.content_preview ? plainTextPreview(n.content_preview) : '';
  return preview ? `${text}: "${preview}"` : text;
}

/**
 * One entry of the header's bell panel. The router takes the path and the
 * search separately, so the post travels as `search`: a reply, quote or
 * mention opens the thread scrolled to that post, as the full page does.
 */
export function headerItem(n: NotificationDoc, blogSlugs: BlogSlugs = NO_SLUGS) {
  const target = notificationTarget(n, blogSlugs);
  return {
    id: n.id,
    text: describeNotification(n),
    createdAt: n.created_at,
    isRead: n.is_read,
    href: target.to,
    search: target.search,
    actorAvatarUrl: n.actor_avatar_url ?? null,
    actorName: n.actor_username ?? null,
  };
}

/** Groups newest-first notifications by local day: 'Today', 'Yesterday', then the date. */
export function groupByDay<T extends { created_at: string }>(items: readonly T[], now: Date = new Date()): Array<{ label: string; items: T[] }> {
  const groups: Array<{ label: string; items: T[] }> = [];
  for (const item of items) {
    const date = new Date(item.created_at);
    const sameDayAsNow = date.toDateString() === now.toDateString();
    const label =
      sameDayAsNow || isToday(date) ? NOTIFICATION_MESSAGES.today : isYesterday(date) ? NOTIFICATION_MESSAGES.yesterday : format(date, 'EEEE, MMMM d, yyyy');
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}

/** Marks one of the member's notifications read on this device; replication pushes it. */
export async function markNotificationRead(db: AppDatabase, userId: string, id: string): Promise<void> {
  const doc = await db.notifications.findOne({ selector: { id, user_id: userId } }).exec();
  if (doc && !doc.is_read) await mutate(db, { op: 'update', collection: 'notifications', id, patch: { is_read: true } });
}

export async function markAllNotificationsRead(db: AppDatabase, userId: string): Promise<number> {
  const unread = await db.notifications.find({ selector: { user_id: userId, is_read: false } }).exec();
  for (const doc of unread) await mutate(db, { op: 'update', collection: 'notifications', id: doc.id, patch: { is_read: true } });
  return unread.length;
}
