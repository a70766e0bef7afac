import { describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE } from '@/features/blog/constants';
import { blogPage, distinctTags, formatBlogDate, type BlogPostSummary } from '@/features/blog/model/blog-query';

function post(i: number, extra: Partial<BlogPostSummary> = {}): BlogPostSummary {
  return {
    id: `p${i}`,
    title: `Post ${i}`,
    slug: `post-${i}`,
    content: `body ${i}`,
    excerpt: `excerpt ${i}`,
    status: 'published',
    is_featured: false,
    published_at: new Date(Date.UTC(2025, 0, i + 1)).toISOString(),
    tags: i % 2 ? ['odd', 'all'] : ['even', 'all'],
    ...extra,
  };
}

describe('blog list rules', () => {
  const posts = [...Array.from({ length: 20 }, (_, i) => post(i)), post(30, { is_featured: true }), post(31, { status: 'draft', published_at: '' })];

  it('puts the latest featured post on page 1 only without filters and leaves it out of the list', () => {
    const first = blogPage(posts, { search: '', tags: [], page: 1 });
    expect(first.featured?.id).toBe('p30');
    expect(first.posts).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.total).toBe(20);
    expect(first.posts.map((p) => p.id)).not.toContain('p30');
    expect(first.posts[0].id).toBe('p19');
    const third = blogPage(posts, { search: '', tags: [], page: 3 });
    expect(third.featured).toBeNull();
    expect(third.posts).toHaveLength(2);
    expect(blogPage(posts, { search: 'post', tags: [], page: 1 }).featured).toBeNull();
    expect(blogPage(posts, { search: '', tags: ['all'], page: 1 }).featured).toBeNull();
  });

  it('matches title, content or excerpt case-insensitively, and requires every selected tag', () => {
    expect(blogPage(posts, { search: 'BODY 7', tags: [], page: 1 }).posts.map((p) => p.id)).toEqual(['p7']);
    expect(blogPage(posts, { search: 'EXCERPT 30', tags: [], page: 1 }).posts.map((p) => p.id)).toEqual(['p30']);
    expect(blogPage(posts, { search: '', tags: ['odd', 'all'], page: 1 }).total).toBe(10);
    expect(blogPage(posts, { search: '', tags: ['odd', 'even'], page: 1 }).total).toBe(0);
  });

  it('never lists drafts and lists tags of published posts', () => {
    expect(blogPage(posts, { search: '31', tags: [], page: 1 }).total).toBe(0);
    expect(distinctTags(posts)).toEqual(['all', 'even', 'odd']);
  });

  it('formats dates like March 5, 2025', () => {
    expect(formatBlogDate('2025-03-05T12:00:00')).toBe('March 5, 2025');
  });
});
