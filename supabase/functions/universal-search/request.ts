import { z } from 'zod';

/** Content types of the universal search; the client omits the field for "all". */
export const SEARCH_CONTENT_TYPES = ['all', 'profile', 'blog_post', 'discussion'] as const;
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_MAX_PAGE_SIZE = 50;
export const SEARCH_TERM_MAX_LENGTH = 200;

export const searchRequestSchema = z.object({
  searchTerm: z.string().trim().min(1, 'Search term required').max(SEARCH_TERM_MAX_LENGTH),
  contentType: z.enum(SEARCH_CONTENT_TYPES).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
});

export type SearchRequest = z.infer<typeof searchRequestSchema>;
