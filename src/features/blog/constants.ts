/** The Beat Drop. */

export const BLOG_PAGE_SIZE = 9;
export const BLOG_SEARCH_DEBOUNCE_MS = 500;
/** Characters of the author id shown when the author's profile cannot be read. */
export const AUTHOR_ID_FALLBACK_LENGTH = 8;
/** A post's cover: as wide as the article, cut to 2:1 (its box), asked for at once by a shared link's page. */
export const BLOG_COVER_SIZING = { width: 360, height: 180, sizes: '(min-width: 768px) 768px, 100vw' } as const;
/** date-fns pattern: 'March 5, 2025'. */
export const BLOG_DATE_FORMAT = 'MMMM d, yyyy';

export const BLOG_TEXTS = {
  title: 'The Beat Drop',
  subtitle: 'Scene reports, tutorials and stories from the community.',
  searchLabel: 'Search posts',
  searchPlaceholder: 'Search posts...',
  tagsHeading: 'Filter by tags',
  noTags: 'No tags available or failed to load.',
  featured: 'Featured',
  empty: 'No blog posts found matching your criteria',
  emptyHint: 'Try refining your search or clearing some filters.',
  errorTitle: 'Oops! Something went wrong',
  tryAgain: 'Try Again',
  previous: 'Previous',
  next: 'Next',
  backToBlog: 'Back to Blog',
  notFoundTitle: 'Post Not Found',
  notFound: 'Post not found or not published.',
  editSoon: 'Edit Post (Soon)',
  deleteSoon: 'Delete Post (Soon)',
  readMore: 'Read more',
  offlineNote: 'You are offline: showing the posts saved on this device.',
} as const;

export function pageLabel(page: number, totalPages: number): string {
  return `Page ${page} of ${totalPages}`;
}

export function postsLoadError(message: string): string {
  return `Failed to load blog posts: ${message}. Please try again.`;
}
