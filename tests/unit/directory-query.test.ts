import { describe, expect, it } from 'vitest';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { DIRECTORY_PAGE_SIZE } from '@/features/directory/constants';
import { parseCategory, queryDirectory, roleValue } from '@/features/directory/model/directory-query';

function profile(i: number, extra: Partial<ProfileDoc> = {}): ProfileDoc {
  return {
    id: `id-${String(i).padStart(3, '0')}`,
    username: `user${i}`,
    display_name: `User ${String(i).padStart(3, '0')}`,
    role: i % 2 ? 'dj' : 'producer',
    karma: i * 10,
    created_at: new Date(2025, 0, 1 + i).toISOString(),
    ...extra,
  };
}

const all = Array.from({ length: 30 }, (_, i) => profile(i + 1));

describe('directory query', () => {
  it('maps categories to stored roles', () => {
    expect(parseCategory('DJ')).toBe('DJ');
    expect(parseCategory('venue_owner')).toBe('Venue Owner');
    expect(parseCategory('Venue%20Owner')).toBe('Venue Owner');
    expect(parseCategory('nonsense')).toBe('all');
    expect(roleValue('Sound Engineer')).toBe('sound_engineer');
    expect(roleValue('all')).toBeNull();
  });

  it('pages 12 at a time, newest first by default, and clamps the page', () => {
    const first = queryDirectory(all, { role: 'all' });
    expect(first.items).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(first.pageCount).toBe(3);
    expect(first.items[0].username).toBe('user30');
    const last = queryDirectory(all, { role: 'all', page: 99 });
    expect(last.page).toBe(3);
    expect(last.items).toHaveLength(6);
  });

  it('filters by role and searches username, display name, bio and location case-insensitively', () => {
    expect(queryDirectory(all, { role: 'DJ' }).total).toBe(15);
    const withBio = [...all, profile(99, { bio: 'Warehouse techno in TBILISI', username: 'nadia' })];
    expect(queryDirectory(withBio, { role: 'all', q: 'tbilisi' }).items.map((p) => p.username)).toEqual(['nadia']);
    expect(queryDirectory([profile(1, { location: 'Leeds, UK' })], { role: 'all', q: 'leeds' }).total).toBe(1);
    expect(queryDirectory(all, { role: 'all', q: 'USER 007' }).items.map((p) => p.username)).toEqual(['user7']);
  });

  it('sorts by each of the six orders', () => {
    expect(queryDirectory(all, { role: 'all', sort: 'created_at_asc' }).items[0].username).toBe('user1');
    expect(queryDirectory(all, { role: 'all', sort: 'karma_desc' }).items[0].karma).toBe(300);
    expect(queryDirectory(all, { role: 'all', sort: 'karma_asc' }).items[0].karma).toBe(10);
    expect(queryDirectory(all, { role: 'all', sort: 'display_name_asc' }).items[0].display_name).toBe('User 001');
    expect(queryDirectory(all, { role: 'all', sort: 'display_name_desc' }).items[0].display_name).toBe('User 030');
  });
});
