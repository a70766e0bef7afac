// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  effectiveLevel,
  firstUnreadIndex,
  furthest,
  postsUpTo,
  readVisitorPoints,
  takeHubVisit,
  unreadCount,
  writeVisitorPoint,
} from '@/features/discussions/model/read-state';
import { privateKey } from '@/lib/device-storage';

const posts = ['2026-01-01T10:00:00.000Z', '2026-01-01T11:00:00.000Z', '2026-01-01T12:00:00.000Z'].map((created_at) => ({ created_at }));

beforeEach(() => localStorage.clear());

describe('read state on the device', () => {
  it('the first unread post is the first after the read point; none when never read or all read', () => {
    expect(firstUnreadIndex(posts, '2026-01-01T10:30:00.000Z')).toBe(1);
    expect(firstUnreadIndex(posts, '2026-01-01T10:00:00.000Z')).toBe(1);
    expect(firstUnreadIndex(posts, null)).toBe(-1);
    expect(firstUnreadIndex(posts, '2026-01-01T12:00:00.000Z')).toBe(-1);
  });

  it('the furthest read point wins, whichever comes first', () => {
    expect(furthest('2026-01-01T11:00:00.000Z', '2026-01-01T10:00:00.000Z')).toBe('2026-01-01T11:00:00.000Z');
    expect(furthest('2026-01-01T10:00:00.000Z', '2026-01-01T11:00:00.000Z')).toBe('2026-01-01T11:00:00.000Z');
    expect(furthest(null, '2026-01-01T10:00:00.000Z')).toBe('2026-01-01T10:00:00.000Z');
  });

  it("the thread's level wins over its category's; without either, its author follows and others are normal", () => {
    const thread = { category: 'Gear', user_id: 'author' };
    const categories = new Map([['Gear', 'muted' as const]]);
    expect(effectiveLevel(thread, { lastReadAt: null, level: 'following', readCount: null }, categories, 'me')).toBe('following');
    expect(effectiveLevel(thread, undefined, categories, 'me')).toBe('muted');
    expect(effectiveLevel(thread, undefined, new Map(), 'author')).toBe('following');
    expect(effectiveLevel(thread, { lastReadAt: 'x', level: null, readCount: null }, new Map(), 'me')).toBe('normal');
  });

  it("a visitor's read points stay on the device and only move forward", () => {
    writeVisitorPoint('t1', '2026-01-01T11:00:00.000Z', 2);
    writeVisitorPoint('t1', '2026-01-01T10:00:00.000Z', 1);
    expect(readVisitorPoints().get('t1')).toMatchObject({ lastReadAt: '2026-01-01T11:00:00.000Z', readCount: 2 });
  });

  it("counts a thread's new posts from its post count and the posts the read point covers, none of its posts needed", () => {
    const point = { lastReadAt: posts[1]!.created_at, level: null, readCount: postsUpTo(posts, posts[1]!.created_at) };
    expect(point.readCount).toBe(2);
    // Five posts now, the device holds none of the three after the point.
    expect(unreadCount({ post_count: 5, last_activity_at: '2026-01-02T10:00:00.000Z' }, point)).toBe(3);
    // A read post deleted since: the server recounted the point, the thread has one post less.
    expect(unreadCount({ post_count: 4, last_activity_at: '2026-01-02T10:00:00.000Z' }, { ...point, readCount: 1 })).toBe(3);
    // Nothing since the read point.
    expect(unreadCount({ post_count: 2, last_activity_at: posts[1]!.created_at }, point)).toBe(0);
    // Activity, but the posts after the point were deleted.
    expect(unreadCount({ post_count: 2, last_activity_at: '2026-01-02T10:00:00.000Z' }, point)).toBe(0);
    // A record kept before counts: new activity without a number.
    expect(unreadCount({ post_count: 5, last_activity_at: '2026-01-02T10:00:00.000Z' }, { ...point, readCount: null })).toBeNull();
  });

  it('reads a visitor point kept before counts as one without a count', () => {
    localStorage.setItem(privateKey('reads', 'visitor'), JSON.stringify({ t1: '2026-01-01T11:00:00.000Z' }));
    expect(readVisitorPoints().get('t1')).toEqual({ lastReadAt: '2026-01-01T11:00:00.000Z', level: null, readCount: null });
  });

  it('the hub remembers the previous visit on the device, per viewer', () => {
    expect(takeHubVisit(null, '2026-01-01T10:00:00.000Z')).toBeNull();
    expect(takeHubVisit(null, '2026-01-02T10:00:00.000Z')).toBe('2026-01-01T10:00:00.000Z');
    expect(takeHubVisit('member', '2026-01-03T10:00:00.000Z')).toBeNull();
  });
});
