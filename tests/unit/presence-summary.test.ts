import { describe, expect, it } from 'vitest';
import { PANEL_FULL_ROWS, PANEL_MAX_SHOWN, PRESENCE_MESSAGES } from '@/features/presence/constants';
import { panelLayout, presencePayload, summarizePresence, vouchedPresence, type VouchedMember } from '@/features/presence/model/presence';

describe('presence', () => {
  it('announces a member with details and a visitor as a guest', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(presencePayload({ id: 'u1', username: 'mia', avatar_url: null }, now)).toEqual({
      user_id: 'u1',
      username: 'mia',
      avatar_url: null,
      online_at: now.toISOString(),
    });
    expect(presencePayload(null, now)).toEqual({ guest: true, username: 'Guest', online_at: now.toISOString() });
  });

  it('counts each member once and guests separately', () => {
    const summary = summarizePresence({
      u1: [
        { user_id: 'u1', username: 'mia', online_at: '2' },
        { user_id: 'u1', username: 'mia', online_at: '1' },
      ],
      u2: [{ user_id: 'u2', username: 'sam', online_at: '3' }],
      'guest-a': [{ guest: true, username: 'Guest', online_at: '1' }],
      'guest-b': [{ guest: true, username: 'Guest', online_at: '1' }],
    });
    expect(summary.members).toEqual([
      { user_id: 'u1', online_at: '1' },
      { user_id: 'u2', online_at: '3' },
    ]);
    expect(summary.guests).toBe(2);
  });

  it("shows only members the database vouches for, under their profile's name, whatever a tab announced", () => {
    // A tab announces u2 (who is not online) under a made-up name, and u1 under a false name.
    const announced = summarizePresence({
      u1: [{ user_id: 'u1', username: 'admin', online_at: '1' }],
      u2: [{ user_id: 'u2', username: 'sam', online_at: '2' }],
      'guest-a': [{ guest: true, username: 'Guest', online_at: '1' }],
    });
    const vouched = new Map<string, VouchedMember>([['u1', { user_id: 'u1', username: 'mia', avatar_url: '/mia.png' }]]);
    expect(vouchedPresence(announced, vouched)).toEqual({ members: [{ user_id: 'u1', username: 'mia', avatar_url: '/mia.png', online_at: '1' }], guests: 1 });
    expect(vouchedPresence(announced, new Map()).members).toEqual([]);
  });

  it('lays out 5 rows, small avatars up to 7 in all, and the rest as +N', () => {
    const members = Array.from({ length: 10 }, (_, i) => i);
    expect(panelLayout(members, PANEL_FULL_ROWS, PANEL_MAX_SHOWN)).toEqual({ rows: [0, 1, 2, 3, 4], avatars: [5, 6], more: 3 });
    expect(panelLayout([1, 2], PANEL_FULL_ROWS, PANEL_MAX_SHOWN)).toEqual({ rows: [1, 2], avatars: [], more: 0 });
    expect(PRESENCE_MESSAGES.more(3)).toBe('and 3 more members online');
    expect(PRESENCE_MESSAGES.guests(2)).toBe('2 Guest(s) browsing');
    expect(PRESENCE_MESSAGES.heading(4)).toBe('4 Online Now');
  });
});
