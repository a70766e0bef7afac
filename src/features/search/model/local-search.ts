import type { AppDatabase } from '@/db/database';
import type { SearchContentType } from '../constants';
import type { BlogPostResult, DiscussionResult, ProfileResult, SearchResponse, SearchResult } from './types';

type Sortable = { item: SearchResult; at: string };

function contains(term: string, ...fields: Array<string | null | undefined>): boolean {
  return fields.some((f) => (f ?? '').toLowerCase().includes(term));
}

/**
 * Offline search over what the device holds (profiles, published blog posts,
 * discussion headers): every word of the term must appear, newest first.
 */
export async function searchLocally(db: AppDatabase, term: string, type: SearchContentType, page: number, perPage: number): Promise<SearchResponse> {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const hit = (...fields: Array<string | null | undefined>) => words.every((w) => contains(w, ...fields));
  const found: Sortable[] = [];

  if (type === 'all' || type === 'profile') {
    for (const p of await db.profiles.find().exec()) {
      if (!hit(p.username, p.display_name, p.bio, p.location)) continue;
      const item: ProfileResult = {
        type: 'profile',
        id: p.id,
        path: `/profile/${p.username}`,
        avatar_url: p.avatar_url ?? null,
        username: p.username,
        display_name: p.display_name ?? null,
        role: p.role ?? null,
        bio: p.bio ?? null,
        karma: p.karma ?? null,
      };
      found.push({ item, at: p.created_at });
    }
  }
  const profiles = new Map((await db.profiles.find().exec()).map((p) => [p.id, p]));
  if (type === 'all' || type === 'blog_post') {
    for (const b of await db.blog_posts.find({ selector: { status: 'published' } }).exec()) {
      if (!hit(b.title, b.excerpt, b.content, (b.tags ?? []).join(' '))) continue;
      const a = b.author_id ? profiles.get(b.author_id) : undefined;
      const item: BlogPostResult = {
        type: 'blog_post',
        id: b.id,
        path: `/blog/${b.slug}`,
        cover_image_url: b.cover_image_url ?? null,
        title: b.title,
        excerpt: b.excerpt ?? null,
        author_username: a?.username ?? null,
        author_display_name: a?.display_name ?? null,
        author_avatar_url: a?.avatar_url ?? null,
        published_at: b.published_at || null,
        tags: b.tags ?? [],
      };
      found.push({ item, at: b.published_at });
    }
  }
  if (type === 'all' || type === 'discussion') {
    for (const d of await db.discussions.find().exec()) {
      if (!hit(d.title, d.category, d.author_username, d.author_display_name)) continue;
      const item: DiscussionResult = {
        type: 'discussion',
        id: d.id,
        path: `/discussions/thread/${d.id}`,
        title: d.title,
        category: d.category,
        author_username: d.author_username ?? null,
        author_display_name: d.author_display_name ?? null,
        author_avatar_url: d.author_avatar_url ?? null,
        created_at: d.created_at,
        post_count: d.post_count,
      };
      found.push({ item, at: d.created_at });
    }
  }
  found.sort((x, y) => y.at.localeCompare(x.at));
  return { results: found.slice((page - 1) * perPage, page * perPage).map((f) => f.item), totalCount: found.length };
}
