import { combineLatest, map, of, switchMap, type Observable } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import type { PinnedDoc } from '@/db/schemas/pinned';

export interface BookmarkItem {
  bookmark: PinnedDoc;
  /** the thread's or blog post's title, null while the device does not hold it */
  title: string | null;
  to: string;
  params: Record<string, string>;
  search: { post?: string };
}

/** The member's bookmarks, newest first, with what the screen shows of each, all from the device. */
export function bookmarks$(db: AppDatabase, userId: string): Observable<BookmarkItem[]> {
  return db.pinned.find({ selector: { reason: 'bookmark' }, sort: [{ reason: 'desc' }, { pinned_at: 'desc' }] }).$.pipe(
    map((docs) => docs.map((doc) => doc.toJSON() as PinnedDoc).filter((doc) => doc.user_id === userId)),
    switchMap((marks) => {
      if (marks.length === 0) return of([]);
      const threadIds = [...new Set(marks.map((b) => (b.entity_type === 'discussion' ? b.entity_id : b.discussion_id)).filter((id): id is string => !!id))];
      const blogIds = marks.filter((b) => b.entity_type === 'blog_post').map((b) => b.entity_id);
      return combineLatest([db.discussions.findByIds(threadIds).$, db.blog_posts.findByIds(blogIds).$]).pipe(
        map(([threads, posts]) =>
          marks.map((bookmark): BookmarkItem => {
            if (bookmark.entity_type === 'blog_post') {
              const post = posts.get(bookmark.entity_id);
              return post
                ? { bookmark, title: post.title, to: '/blog/$slug', params: { slug: post.slug }, search: {} }
                : { bookmark, title: null, to: '/blog', params: {}, search: {} };
            }
            const threadId = bookmark.entity_type === 'discussion' ? bookmark.entity_id : (bookmark.discussion_id ?? '');
            const thread = threads.get(threadId);
            const search = bookmark.entity_type === 'post' ? { post: bookmark.entity_id } : {};
            return { bookmark, title: thread?.title ?? null, to: '/discussions/thread/$threadId', params: { threadId }, search };
          }),
        ),
      );
    }),
  );
}
