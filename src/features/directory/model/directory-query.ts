import type { ProfileDoc } from '@/db/schemas/profiles';
import { DEFAULT_DIRECTORY_SORT, DIRECTORY_PAGE_SIZE, DIRECTORY_ROLES, type DirectoryRole, type DirectorySort } from '../constants';

/** The URL's category, matched case-insensitively to a filter value; anything unknown shows everyone. */
export function parseCategory(raw: string | undefined): DirectoryRole {
  if (!raw) return 'all';
  const decoded = decodeURIComponent(raw).replace(/[_-]/g, ' ').toLowerCase();
  return DIRECTORY_ROLES.find((r) => r.toLowerCase() === decoded) ?? 'all';
}

/** Filter values ('Venue Owner') as stored roles ('venue_owner'). */
export function roleValue(role: DirectoryRole): string | null {
  return role === 'all' ? null : role.toLowerCase().replace(/ /g, '_');
}

export type DirectoryQuery = { role: DirectoryRole; q?: string; sort?: DirectorySort; page?: number };
export type DirectoryPage = { items: ProfileDoc[]; total: number; page: number; pageCount: number };

function matches(profile: ProfileDoc, term: string): boolean {
  return [profile.username, profile.display_name, profile.bio, profile.location].some((field) => (field ?? '').toLowerCase().includes(term));
}

function compare(sort: DirectorySort) {
  const [field, direction] = [sort.replace(/_(asc|desc)$/, ''), sort.endsWith('_asc') ? 1 : -1];
  return (a: ProfileDoc, b: ProfileDoc): number => {
    let result: number;
    if (field === 'karma') result = a.karma - b.karma;
    else if (field === 'display_name') result = (a.display_name || a.username).localeCompare(b.display_name || b.username, 'en-US', { sensitivity: 'base' });
    else result = a.created_at.localeCompare(b.created_at);
    // Ties resolve by id so pages never overlap.
    return result !== 0 ? result * direction : a.id.localeCompare(b.id);
  };
}

/** Role filter, case-insensitive partial match on username, display name, bio and location, the chosen order, 12 per page. */
export function queryDirectory(profiles: readonly ProfileDoc[], query: DirectoryQuery): DirectoryPage {
  const role = roleValue(query.role);
  const term = (query.q ?? '').trim().toLowerCase();
  const filtered = profiles.filter((p) => (role === null || p.role === role) && (term === '' || matches(p, term)));
  filtered.sort(compare(query.sort ?? DEFAULT_DIRECTORY_SORT));
  const pageCount = Math.max(1, Math.ceil(filtered.length / DIRECTORY_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  return { items: filtered.slice((page - 1) * DIRECTORY_PAGE_SIZE, page * DIRECTORY_PAGE_SIZE), total: filtered.length, page, pageCount };
}
