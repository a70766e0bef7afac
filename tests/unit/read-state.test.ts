// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { effectiveLevel, firstUnreadIndex, furthest, readVisitorPoints, takeHubVisit, writeVisitorPoint } from '@/features/discussions/model/read-state';

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
    expect(effectiveLevel(thread, { lastReadAt: null, level: 'following' }, categories, 'me')).toBe('following');
    expect(effectiveLevel(thread, undefined, categories, 'me')).toBe('muted');
    expect(effectiveLevel(thread, undefined, new Map(), 'author')).toBe('following');
    expect(effectiveLevel(thread, { lastReadAt: 'x', level: null }, new Map(), 'me')).toBe('normal');
  });

  it("a visitor's read points stay on the device and only move forward", () => {
    writeVisitorPoint('t1', '2026-01-01T11:00:00.000Z');
    writeVisitorPoint('t1', '2026-01-01T10:00:00.000Z');
    expect(readVisitorPoints().get('t1')?.lastReadAt).toBe('2026-01-01T11:00:00.000Z');
  });

  it('the hub remembers the previous visit; the first visit finds nothing new', () => {
    expect(takeHubVisit(null, '2026-01-01T10:00:00.000Z')).toBe('2026-01-01T10:00:00.000Z');
    expect(takeHubVisit(null, '2026-01-02T10:00:00.000Z')).toBe('2026-01-01T10:00:00.000Z');
    expect(takeHubVisit('member', '2026-01-03T10:00:00.000Z')).toBe('2026-01-03T10:00:00.000Z');
  });
});
