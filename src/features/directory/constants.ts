import { DIRECTORY_ROLES, DIRECTORY_SORTS } from '@/lib/route-search';

/** Directory rules and texts. Tests import them. */
export { DIRECTORY_ROLES, DIRECTORY_SORTS };
export type DirectoryRole = (typeof DIRECTORY_ROLES)[number];
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

export const DIRECTORY_PAGE_SIZE = 12;
export const DIRECTORY_SEARCH_DEBOUNCE_MS = 500;
export const DEFAULT_DIRECTORY_SORT: DirectorySort = 'created_at_desc';

export const SORT_LABELS: Record<DirectorySort, string> = {
  created_at_desc: 'Newest Members',
  created_at_asc: 'Oldest Members',
  display_name_asc: 'Name (A-Z)',
  display_name_desc: 'Name (Z-A)',
  karma_desc: 'Most Karma',
  karma_asc: 'Least Karma',
};

export const ROLE_TAB_LABELS: Record<DirectoryRole, string> = {
  all: 'All',
  DJ: 'DJs',
  Producer: 'Producers',
  Vocalist: 'Vocalists',
  Label: 'Labels',
  Promoter: 'Promoters',
  Fan: 'Fans',
  'Venue Owner': 'Venue Owners',
  'Sound Engineer': 'Sound Engineers',
  'Visual Artist': 'Visual Artists',
  Dancer: 'Dancers',
  'Music Journalist': 'Music Journalists',
  Educator: 'Educators',
};

export const DIRECTORY_MESSAGES = {
  title: 'Community Directory',
  subtitle: 'Find DJs, producers, vocalists and fans from the scene.',
  empty: 'No Profiles Found',
  emptyDescription: 'Try another category or search term.',
  loadFailed: 'Failed to load profiles. Please try again.',
  searchLabel: 'Search members',
  searchPlaceholder: 'Search by name, bio or location...',
  sortLabel: 'Sort members',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  joinCta: 'Join the community to connect with these members.',
} as const;
