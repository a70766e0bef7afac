import { compareText } from '@/lib/utils';
import { ALL_CATEGORIES, DISCUSSION_CATEGORIES, HUB_PAGE_SIZE, type HubSort } from '../constants';
import type { DiscussionRow } from './types';

export type HubQuery = { q: string; category: string; sort: HubSort; page: number };

export type HubPage = {
  items: DiscussionRow[];
  total: number;
  page: number;
  totalPages: number;
};

/** The category filter: the 14 fixed categories merged with those in the data, sorted. */
export function mergeCategories(dataCategories: Iterable<string>): string[] {
  const merged = new Set<string>(DISCUSSION_CATEGORIES);
  for (const c of dataCategories) {
    const trimmed = c.trim();
    if (trimmed) merged.add(trimmed);
  }
  return [...merged].sort(compareText);
}

/** 'Last Activity' is the later of a new post and a title edit. */
function activity(d: DiscussionRow): string {
  return d.last_activity_at > d.updated_at ? d.last_activity_at : d.updated_at;
}

function sortKey(sort: HubSort): (a: DiscussionRow, b: DiscussionRow) => number {
  const byId = (a: DiscussionRow, b: DiscussionRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  switch (sort) {
    case 'created_at':
      return (a, b) => cmpDesc(a.created_at, b.created_at) || byId(a, b);
    case 'post_count':
      return (a, b) => b.post_count - a.post_count || cmpDesc(activity(a), activity(b)) || byId(a, b);
    case 'updated_at':
    default:
      return (a, b) => cmpDesc(activity(a), activity(b)) || byId(a, b);
  }
}

function cmpDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}

function matches(d: DiscussionRow, needle: string): boolean {
  return (
    d.title.toLowerCase().includes(needle) ||
    d.category.toLowerCase().includes(needle) ||
    (d.author_display_name ?? '').toLowerCase().includes(needle) ||
    (d.author_username ?? '').toLowerCase().includes(needle)
  );
}

/**
 * The hub's search over the local store: partial match on title, category and
 * author names; category equals; pinned first, then the sort; 10 per page.
 * A page beyond the end clamps to the last page.
 */
export function queryHub(rows: readonly DiscussionRow[], query: HubQuery): HubPage {
  const needle = query.q.trim().toLowerCase();
  const filtered = rows.filter((d) => (query.category === ALL_CATEGORIES || d.category === query.category) && (needle === '' || matches(d, needle)));
  const bySort = sortKey(query.sort);
  filtered.sort((a, b) => Number(b.is_pinned) - Number(a.is_pinned) || bySort(a, b));
  const totalPages = Math.max(1, Math.ceil(filtered.length / HUB_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(query.page) || 1), totalPages);
  const start = (page - 1) * HUB_PAGE_SIZE;
  return { items: filtered.slice(start, start + HUB_PAGE_SIZE), total: filtered.length, page, totalPages };
}
