import { describe, expect, it } from 'vitest';
import { PANEL_FULL_ROWS, PANEL_MAX_SHOWN, PRESENCE_MESSAGES } from '@/features/presence/constants';
import { newerSummary, panelLayout, parseOnlineSummary, type OnlineSummary } from '@/features/presence/model/presence';

const mia = { user_id: 'u1', username: 'mia', avatar_url: '/mia.png', online_at: '2026-01-01T00:00:00+00:00' };

describe('presence', () => {
  it('takes the online list the database sends, and nothing that is not one', () => {
    const wire = { count: 3, guests: 2, members: [mia, { ...mia, user_id: 'u2', username: 'sam', avatar_url: null }], at: '2026-01-01T00:00:05.123+00:00' };
    expect(parseOnlineSummary(wire)).toEqual(wire);
    for (const bad of [
      null,
      'online',
      { ...wire, count: -1 },
      { ...wire, guests: 1.5 },
      { ...wire, members: 'mia' },
      { ...wire, members: [{ ...mia, username: 7 }] },
      { ...wire, members: [{ ...mia, avatar_url: 1 }] },
      { ...wire, at: 'yesterday' },
      { count: 1, guests: 0, members: [] },
    ]) {
      expect(parseOnlineSummary(bad)).toBeNull();
    }
  });

  it('keeps the newest list, whichever way it came (a stamp answered late, a message)', () => {
    const older: OnlineSummary = { count: 1, guests: 0, members: [mia], at: '2026-01-01T00:00:05Z' };
    const newer: OnlineSummary = { count: 0, guests: 0, members: [], at: '2026-01-01T00:00:15Z' };
    expect(newerSummary(null, older)).toBe(older);
    expect(newerSummary(older, newer)).toBe(newer);
    expect(newerSummary(newer, older)).toBe(newer);
  });

  it('lays out 5 rows, small avatars up to 7 in all, and the rest of those online as +N', () => {
    const members = Array.from({ length: 7 }, (_, i) => i);
    // the database sends the first 7 of 10 members online
    expect(panelLayout(members, 10, PANEL_FULL_ROWS, PANEL_MAX_SHOWN)).toEqual({ rows: [0, 1, 2, 3, 4], avatars: [5, 6], more: 3 });
    expect(panelLayout([1, 2], 2, PANEL_FULL_ROWS, PANEL_MAX_SHOWN)).toEqual({ rows: [1, 2], avatars: [], more: 0 });
    expect(PRESENCE_MESSAGES.more(3)).toBe('and 3 more members online');
    expect(PRESENCE_MESSAGES.guests(2)).toBe('2 Guest(s) browsing');
    expect(PRESENCE_MESSAGES.heading(4)).toBe('4 Online Now');
  });
});
