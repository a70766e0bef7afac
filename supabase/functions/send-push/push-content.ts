/**
 * What a push says and where it leads, per notification type. The service worker shows these texts
 * as they are; tests import them from here.
 */
import type { PushPayload } from '../_shared/app-contract.ts';

/** Notification types that are pushed; the trigger made by private.configure_push_delivery lists the same ones. */
export const PUSH_TYPES = ['new_reply', 'discussion_mention', 'new_follower', 'like_content', 'bookmark_reminder'] as const;
export type PushType = (typeof PUSH_TYPES)[number];

/** The per-device preference keys of push_subscriptions.preferences. */
export const PUSH_CATEGORIES = ['replies', 'quotes_mentions', 'followers', 'likes'] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];

/** A reply that sits a day in the push service is no longer news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Used when the deployment sets no VAPID_SUBJECT; push services want a contact for the sender. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:push@djcircle.app';

export const PUSH_TEXTS = {
  someone: 'Someone',
  aDiscussion: 'a discussion',
  reply: (actor: string, thread: string) => `@${actor} replied to "${thread}"`,
  quote: (actor: string, thread: string) => `@${actor} quoted you in "${thread}"`,
  mention: (actor: string, thread: string) => `@${actor} mentioned you in "${thread}"`,
  follower: (actor: string) => `@${actor} started following you`,
  followerBody: 'Tap to see their profile.',
  like: (actor: string, thread: string) => `@${actor} liked your post in "${thread}"`,
  reminder: 'Reminder: your bookmark',
} as const;

/** Where a reminder of a bookmark that is not in a thread (a blog post) leads. */
export const REMINDER_FALLBACK_URL = '/notifications';

/** The columns of a notification row a push is made from. */
export interface NotificationRow {
  id: string;
  user_id: string;
  type: string;
  content_preview: string | null;
  related_entity_id: string | null;
  target_entity_id: string | null;
  actor_username: string | null;
}

export interface ThreadInfo {
  id: string;
  title: string;
  user_id: string;
}

export interface PushPlan {
  /** the preference that may turn it off; null for a reminder the member set themselves */
  category: PushCategory | null;
  payload: PushPayload;
  urgency: 'low' | 'normal';
  /** lets the push service drop a queued older message with the same topic (≤ 32 base64url chars) */
  topic: string;
}

export function isPushType(type: string): type is PushType {
  return (PUSH_TYPES as readonly string[]).includes(type);
}

/** `/discussions/thread/<id>?post=<post id>`: the thread, scrolled to the post. */
export function threadUrl(discussionId: string, postId: string | null): string {
  const path = `/discussions/thread/${encodeURIComponent(discussionId)}`;
  return postId ? `${path}?post=${encodeURIComponent(postId)}` : path;
}

/** `/blog/<slug>`: a blog post. */
export function blogUrl(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

/** A reminder names a thread (and a post in it), or a blog post by its id alone: it has no thread. */
export function isBlogReminder(n: Pick<NotificationRow, 'type' | 'related_entity_id' | 'target_entity_id'>): boolean {
  return n.type === 'bookmark_reminder' && !n.related_entity_id && Boolean(n.target_entity_id);
}

export function threadTag(discussionId: string): string {
  return `thread:${discussionId}`;
}

const topicOf = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);

/**
 * The push for a notification, or null when its type is not pushed or it lacks what it needs. A
 * `new_reply` goes to the discussion's author (a reply) and to a quoted post's author (a quote), so
 * the thread's author decides which preference applies.
 */
export function planPush(n: NotificationRow, thread: ThreadInfo | null, blogSlug: string | null = null): PushPlan | null {
  if (!isPushType(n.type)) return null;
  const actor = n.actor_username || PUSH_TEXTS.someone;
  const preview = n.content_preview ?? '';

  if (n.type === 'new_follower') {
    const url = n.actor_username ? `/profile/${encodeURIComponent(n.actor_username)}` : '/notifications';
    return {
      category: 'followers',
      urgency: 'low',
      topic: 'followers',
      payload: { title: PUSH_TEXTS.follower(actor), body: PUSH_TEXTS.followerBody, url, tag: 'followers' },
    };
  }

  if (n.type === 'bookmark_reminder') {
    const url =
      thread && n.related_entity_id
        ? threadUrl(n.related_entity_id, n.target_entity_id)
        : blogSlug && isBlogReminder(n)
          ? blogUrl(blogSlug)
          : REMINDER_FALLBACK_URL;
    const id = n.target_entity_id ?? n.related_entity_id ?? n.id;
    return {
      category: null,
      urgency: 'normal',
      topic: topicOf(`r${id}`),
      payload: { title: PUSH_TEXTS.reminder, body: preview, url, tag: `reminder:${id}` },
    };
  }

  const discussionId = n.related_entity_id;
  if (!discussionId) return null;
  const title = thread?.title || PUSH_TEXTS.aDiscussion;
  const url = threadUrl(discussionId, n.target_entity_id);

  if (n.type === 'like_content') {
    const postId = n.target_entity_id ?? discussionId;
    return {
      category: 'likes',
      urgency: 'low',
      topic: topicOf(postId),
      payload: { title: PUSH_TEXTS.like(actor, title), body: preview, url, tag: `likes:${postId}` },
    };
  }

  const isReplyToAuthor = n.type === 'new_reply' && thread?.user_id === n.user_id;
  const heading =
    n.type === 'discussion_mention' ? PUSH_TEXTS.mention(actor, title) : isReplyToAuthor ? PUSH_TEXTS.reply(actor, title) : PUSH_TEXTS.quote(actor, title);
  return {
    category: isReplyToAuthor ? 'replies' : 'quotes_mentions',
    urgency: 'normal',
    topic: topicOf(discussionId),
    payload: { title: heading, body: preview, url, tag: threadTag(discussionId) },
  };
}

/** Preferences default to on: a key that is missing or not `false` means "push it". */
export function wantsCategory(preferences: unknown, category: PushCategory): boolean {
  if (!preferences || typeof preferences !== 'object') return true;
  return (preferences as Record<string, unknown>)[category] !== false;
}
