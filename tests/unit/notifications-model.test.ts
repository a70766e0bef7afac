import { describe, expect, it } from 'vitest';
import type { NotificationDoc } from '@/db/schemas/notifications';
import { NOTIFICATION_MESSAGES, notificationText } from '@/features/notifications/constants';
import { groupByDay, headerItem, notificationHref, notificationTarget } from '@/features/notifications/model/notifications';

const base: NotificationDoc = {
  id: 'n1',
  user_id: 'u1',
  type: 'new_reply',
  is_read: false,
  created_at: '2026-03-10T10:00:00Z',
  related_entity_id: 'd1',
  target_entity_id: 'p1',
  actor_username: 'sam',
};

describe('notifications', () => {
  it('has a text for each type and a generic one', () => {
    expect(notificationText('new_reply', 'sam')).toBe('@sam replied to your discussion');
    expect(notificationText('like_content', 'sam')).toBe('@sam liked your post');
    expect(notificationText('new_follower', 'sam')).toBe('@sam started following you');
    expect(notificationText('discussion_mention', null)).toBe('Someone mentioned you in a discussion');
    expect(notificationText('weird', 'sam')).toBe('You have a new notification');
  });

  it('opens the thread at the post, or the follower', () => {
    expect(notificationHref(base)).toBe('/discussions/thread/d1?post=p1');
    expect(notificationHref({ ...base, type: 'new_follower' })).toBe('/profile/sam');
    expect(notificationHref({ ...base, type: 'other' })).toBe('/notifications');
    // A reminder opens the bookmarked thread (at the post); a blog post's opens the blog post, by the slug the device holds for it.
    expect(notificationHref({ ...base, type: 'bookmark_reminder' })).toBe('/discussions/thread/d1?post=p1');
    const blogReminder = { ...base, type: 'bookmark_reminder', related_entity_id: null, target_entity_id: 'b1' };
    expect(notificationHref(blogReminder, new Map([['b1', 'warm-up-sets']]))).toBe('/blog/warm-up-sets');
    expect(notificationTarget(blogReminder, new Map([['b1', 'warm-up-sets']]))).toEqual({ to: '/blog/warm-up-sets', search: {} });
    // A blog post the device does not hold: the blog, where it is listed.
    expect(notificationHref(blogReminder)).toBe('/blog');
    expect(notificationTarget(base)).toEqual({ to: '/discussions/thread/d1', search: { post: 'p1' } });
    expect(notificationTarget({ ...base, type: 'new_follower' })).toEqual({ to: '/profile/sam', search: {} });
  });

  it("the bell's entries open the thread at the post for replies, quotes and mentions", () => {
    // A quote notifies the quoted author as new_reply; the server sets related = thread, target = the new post.
    for (const type of ['new_reply', 'discussion_mention', 'like_content']) {
      expect(headerItem({ ...base, type })).toMatchObject({ href: '/discussions/thread/d1', search: { post: 'p1' } });
    }
    expect(headerItem({ ...base, type: 'new_follower' })).toMatchObject({ href: '/profile/sam', search: {} });
  });

  it('groups by day: Today, Yesterday, then dates', () => {
    const now = new Date('2026-03-10T12:00:00');
    const groups = groupByDay(
      [
        { created_at: new Date('2026-03-10T09:00:00').toISOString() },
        { created_at: new Date('2026-03-09T09:00:00').toISOString() },
        { created_at: new Date('2026-03-01T09:00:00').toISOString() },
      ],
      now,
    );
    expect(groups.map((g) => g.label)[0]).toBe(NOTIFICATION_MESSAGES.today);
    expect(groups).toHaveLength(3);
    expect(groups[2].label).toBe('Sunday, March 1, 2026');
  });
});
