import { describe, expect, it } from 'vitest';
import { ALL_CATEGORIES, DISCUSSION_CATEGORIES, HUB_PAGE_SIZE } from '@/features/discussions/constants';
import { mergeCategories, queryHub } from '@/features/discussions/model/hub-query';
import { toDiscussionRow } from '@/features/discussions/model/row-shapes';
import type { DiscussionRow } from '@/features/discussions/model/types';

function row(n: number, over: Partial<DiscussionRow> = {}): DiscussionRow {
  const t = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
  return {
    ...toDiscussionRow({
      id: `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`,
      user_id: 'u1',
      title: `Thread ${n}`,
      category: 'General Discussion',
      is_pinned: false,
      is_locked: false,
      created_at: t,
      last_activity_at: t,
      post_count: n % 7,
      author_username: 'dj_one',
      author_display_name: 'DJ One',
    }),
    ...over,
  };
}

const base = { q: '', category: ALL_CATEGORIES, sort: 'updated_at' as const, page: 1 };

describe('hub list over the local store', () => {
  it('pages by 10 and reports the page count', () => {
    const rows = Array.from({ length: 23 }, (_, i) => row(i));
    const first = queryHub(rows, base);
    expect(first.items).toHaveLength(HUB_PAGE_SIZE);
    expect(first.totalPages).toBe(3);
    expect(first.total).toBe(23);
    const last = queryHub(rows, { ...base, page: 3 });
    expect(last.items).toHaveLength(3);
    expect(queryHub(rows, { ...base, page: 99 }).page).toBe(3);
  });

  it('puts pinned discussions first, then the chosen sort', () => {
    const rows = [row(1), row(2, { is_pinned: true }), row(3), row(4, { post_count: 50 })];
    expect(queryHub(rows, base).items.map((d) => d.title)).toEqual(['Thread 2', 'Thread 4', 'Thread 3', 'Thread 1']);
    expect(queryHub(rows, { ...base, sort: 'post_count' }).items.map((d) => d.title)[0]).toBe('Thread 2');
    expect(queryHub(rows, { ...base, sort: 'post_count' }).items.map((d) => d.title)[1]).toBe('Thread 4');
  });

  it('sorts by last activity: a new reply moves an old thread up', () => {
    const rows = [row(1, { last_activity_at: new Date(Date.UTC(2026, 0, 1)).toISOString() }), row(2), row(3)];
    expect(queryHub(rows, base).items[0].title).toBe('Thread 1');
    expect(queryHub(rows, { ...base, sort: 'created_at' }).items[0].title).toBe('Thread 3');
  });

  it('matches search on title, category and author names, case-insensitively', () => {
    const rows = [
      row(1, { title: 'Best CDJ setup' }),
      row(2, { category: 'Gear & Software' }),
      row(3, { author_display_name: 'Gearhead Gina', author_username: 'gina' }),
      row(4, { author_username: 'gearlord', author_display_name: 'Lord' }),
      row(5),
    ];
    expect(queryHub(rows, { ...base, q: 'cdj' }).items.map((d) => d.title)).toEqual(['Best CDJ setup']);
    expect(queryHub(rows, { ...base, q: '  GEAR ' }).total).toBe(3);
  });

  it('filters by exact category', () => {
    const rows = [row(1, { category: 'DJ Techniques' }), row(2, { category: 'DJ Techniques Extra' }), row(3)];
    const page = queryHub(rows, { ...base, category: 'DJ Techniques' });
    expect(page.items.map((d) => d.title)).toEqual(['Thread 1']);
  });

  it('reports an empty list as one page with no items', () => {
    const page = queryHub([], base);
    expect(page).toEqual({ items: [], total: 0, page: 1, totalPages: 1 });
  });
});

describe('category filter list', () => {
  it('merges the 14 categories with those in the data, sorted, without duplicates', () => {
    const merged = mergeCategories(['Vinyl Digging', 'Music Production', ' Vinyl Digging ']);
    expect(merged).toHaveLength(DISCUSSION_CATEGORIES.length + 1);
    expect(merged).toContain('Vinyl Digging');
    expect([...merged].sort((a, b) => a.localeCompare(b))).toEqual(merged);
  });
});
