/** Universal search. */

export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_RESULT_TAGS_SHOWN = 3;

import type { ReplicatedCollectionName } from '@/db/collections';

/** The selector's values (URL) and what the function calls them. */
export const SEARCH_TYPE_OPTIONS = [
  { value: 'all', label: 'All', contentType: 'all' },
  { value: 'profiles', label: 'Profiles', contentType: 'profile' },
  { value: 'blog_posts', label: 'Blog Posts', contentType: 'blog_post' },
  { value: 'discussions', label: 'Discussions', contentType: 'discussion' },
] as const;
export type SearchTypeValue = (typeof SEARCH_TYPE_OPTIONS)[number]['value'];
export type SearchContentType = (typeof SEARCH_TYPE_OPTIONS)[number]['contentType'];

/** What an offline search reads on the device, per type. */
export const SEARCHED_COLLECTIONS: Record<SearchContentType, readonly ReplicatedCollectionName[]> = {
  all: ['profiles', 'blog_posts', 'discussions'],
  profile: ['profiles'],
  blog_post: ['blog_posts'],
  discussion: ['discussions'],
};

export const SEARCH_TEXTS = {
  title: 'Search',
  subtitle: 'Find members, blog posts and discussions.',
  inputLabel: 'Search term',
  placeholder: 'Search DJs, posts, discussions...',
  typeLabel: 'Type',
  submit: 'Search',
  start: 'Start searching to find amazing content!',
  unknownType: 'Unknown result type',
  previous: 'Previous',
  next: 'Next',
  offlineNote: 'You are offline: results are limited to what is on this device.',
  searching: 'Searching...',
  notSynced: 'This device has not synced the community yet, so it cannot search offline. Connect to the internet to search.',
  termRequiredTitle: 'Search term required',
  termRequiredDescription: 'Please enter something to search for.',
  errorTitle: 'Search Error',
} as const;

export function summaryText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} ${total === 1 ? 'result' : 'results'} for`;
}

export function postCountText(count: number): string {
  return count === 1 ? '1 post' : `${count} posts`;
}

export function noResultsText(term: string): string {
  return `No results found for "${term}". Try different keywords or another type.`;
}

export function searchErrorText(message: string): string {
  return `Failed to load search results: ${message}`;
}

export function contentTypeOf(value: SearchTypeValue | undefined): SearchContentType {
  return SEARCH_TYPE_OPTIONS.find((o) => o.value === value)?.contentType ?? 'all';
}
