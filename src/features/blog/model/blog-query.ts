import { format } from 'date-fns';
import type { BlogPostDoc } from '@/db/schemas/blog-posts';
import { BLOG_DATE_FORMAT, BLOG_PAGE_SIZE } from '../constants';

/** What the blog's list and post screens show of a post: the stored document's columns, not a second description. */
export type BlogPostSummary = Pick<
  BlogPostDoc,
  'id' | 'title' | 'slug' | 'content' | 'excerpt' | 'author_id' | 'status' | 'is_featured' | 'published_at' | 'cover_image_url' | 'tags'
>;

export type BlogQuery = { search: string; tags: string[]; page: number };

export type BlogPage = {
  featured: BlogPostSummary | null;
  posts: BlogPostSummary[];
  total: number;
  totalPages: number;
  page: number;
};

function isPublished(p: BlogPostSummary): boolean {
  return p.status === 'published' && p.published_at !== '';
}

function byPublishedDesc(a: BlogPostSummary, b: BlogPostSummary): number {
  return b.published_at.localeCompare(a.published_at);
}

/** Case-insensitive match on title, content or excerpt. */
export function matchesSearch(post: BlogPostSummary, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (term === '') return true;
  return [post.title, post.content ?? '', post.excerpt ?? ''].some((text) => text.toLowerCase().includes(term));
}

/** Every selected tag must be among the post's tags. */
export function matchesTags(post: BlogPostSummary, tags: string[]): boolean {
  const own = post.tags ?? [];
  return tags.every((t) => own.includes(t));
}

/** The latest published featured post. */
export function latestFeatured(posts: BlogPostSummary[]): BlogPostSummary | null {
  return posts.filter((p) => isPublished(p) && p.is_featured).sort(byPublishedDesc)[0] ?? null;
}

/**
 * One page of the blog list with the featured rule: the
 * featured post tops page 1 only without search and tag filters, and is then
 * left out of the list on every page.
 */
export function blogPage(all: BlogPostSummary[], query: BlogQuery, pageSize = BLOG_PAGE_SIZE): BlogPage {
  const filtered = query.search.trim() === '' && query.tags.length === 0;
  const featured = filtered ? latestFeatured(all) : null;
  const list = all.filter((p) => isPublished(p) && p.id !== featured?.id && matchesSearch(p, query.search) && matchesTags(p, query.tags)).sort(byPublishedDesc);
  const totalPages = Math.max(1, Math.ceil(list.length / pageSize));
  const page = Math.min(Math.max(1, query.page), totalPages);
  return {
    featured: page === 1 ? featured : null,
    posts: list.slice((page - 1) * pageSize, page * pageSize),
    total: list.length,
    totalPages,
    page,
  };
}

/** Distinct tags of published posts, sorted. */
export function distinctTags(all: BlogPostSummary[]): string[] {
  return [...new Set(all.filter(isPublished).flatMap((p) => p.tags ?? []))].sort((a, b) => a.localeCompare(b));
}

/** 'March 5, 2025'. */
export function formatBlogDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, BLOG_DATE_FORMAT);
}
