import { map, type Observable } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import type { BlogPostSummary } from './blog-query';

export type BlogAuthor = { id: string; username: string; display_name: string | null; avatar_url: string | null };

/** Published posts on the device (replication keeps them current), newest first. */
export function publishedPosts$(db: AppDatabase): Observable<BlogPostSummary[]> {
  return db.blog_posts
    .find({ selector: { status: 'published' }, sort: [{ published_at: 'desc' }] })
    .$.pipe(map((docs) => docs.map((d) => d.toJSON() as BlogPostSummary)));
}

export function postBySlug$(db: AppDatabase, slug: string): Observable<(BlogPostSummary & { content_markdown?: string | null }) | null> {
  return db.blog_posts
    .findOne({ selector: { slug, status: 'published' } })
    .$.pipe(map((doc) => (doc ? (doc.toJSON() as BlogPostSummary & { content_markdown?: string | null }) : null)));
}

/** Author summaries for a set of ids, from the device's profiles. */
export function authors$(db: AppDatabase, ids: string[]): Observable<Map<string, BlogAuthor>> {
  return db.profiles.findByIds(ids).$.pipe(
    map((found) => {
      const out = new Map<string, BlogAuthor>();
      for (const [id, doc] of found) out.set(id, { id, username: doc.username, display_name: doc.display_name ?? null, avatar_url: doc.avatar_url ?? null });
      return out;
    }),
  );
}
