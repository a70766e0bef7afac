import { Fragment, useRef } from 'react';
import {
  THREAD_CONTEXT_ABOVE,
  THREAD_FIRST_SCREEN_POSTS,
  THREAD_RENDER_FIXED_UNTIL,
  THREAD_RENDER_GROWTH,
  THREAD_RENDER_SLICE_MAX,
  THREAD_TEXT,
  UNREAD_TEXT,
} from '../constants';
import type { ThreadData } from '../hooks/use-thread-data';
import { useFillAbove } from '../hooks/use-fill-above';
import { useProgressiveCount } from '../hooks/use-progressive-count';
import { reactionId } from '../model/ids';
import { postPermissions } from '../model/permissions';
import type { DiscussionRow, PostRow, Viewer } from '../model/types';
import { displayedLikes, PostCard, type PostActions, type QuotedPreview } from './post-card';

type PostListProps = {
  posts: PostRow[];
  data: ThreadData;
  viewer: Viewer;
  /** a member's session is still being restored: controls that need to know who is looking wait */
  viewerPending?: boolean;
  discussion: DiscussionRow;
  /** Index of the `?post=` target (-1: none): everything up to it renders in the first frame. */
  targetIndex: number;
  /**
   * Index of the post the thread opens at, the first unread (-1: the top): the first frame renders from just
   * above it, and the posts before are put in above while the view stays on it.
   */
  openAt?: number;
  highlighted: string | null;
  actions: PostActions;
  /** the first post after the viewer's read point: "New since your last visit" goes above it */
  dividerBeforeId?: string | null;
};

/** The divider's element id: the thread scrolls to it on open and from "Jump to new posts". */
export const NEW_POSTS_DIVIDER_ID = 'new-posts';

/**
 * The thread's posts, oldest first. A long thread renders its first screen in the
 * first frame and fills in the rest right after (see useProgressiveCount).
 */
export function PostList({
  posts,
  data,
  viewer,
  viewerPending = false,
  discussion,
  targetIndex,
  openAt = -1,
  highlighted,
  actions,
  dividerBeforeId = null,
}: PostListProps) {
  const section = useRef<HTMLElement>(null);
  const from = useFillAbove(openAt - THREAD_CONTEXT_ABOVE, section, THREAD_RENDER_SLICE_MAX);
  const shown = useProgressiveCount(
    posts.length,
    Math.max(THREAD_FIRST_SCREEN_POSTS, targetIndex + THREAD_FIRST_SCREEN_POSTS),
    THREAD_RENDER_GROWTH,
    THREAD_RENDER_SLICE_MAX,
    THREAD_RENDER_FIXED_UNTIL,
  );
  // Posts up to the one the page scrolls to keep their real height: an estimate above it would move it.
  const laidOutUpTo = Math.max(THREAD_FIRST_SCREEN_POSTS - 1, targetIndex);
  const postsById = new Map(posts.map((p) => [p.id, p]));

  function quotedFor(post: PostRow): QuotedPreview | undefined {
    if (!post.quoted_post_id) return undefined;
    const quoted = postsById.get(post.quoted_post_id) ?? data.quotedPosts.get(post.quoted_post_id);
    if (!quoted) return null;
    return { post: quoted, author: data.profiles.get(quoted.user_id) ?? null };
  }

  return (
    <section
      ref={section}
      className="space-y-4"
      aria-label={THREAD_TEXT.postsHeading(posts.length)}
      aria-busy={!data.postsComplete || from > 0 || shown < posts.length || undefined}
    >
      {posts.slice(from, shown).map((post, offset) => {
        const index = from + offset;
        const liked = data.likes.has(post.id);
        const pending = viewer ? data.reactionOutbox.get(reactionId(post.id, viewer.id))?.status === 'waiting' : false;
        const own = viewer !== null && viewer.id === post.user_id;
        return (
          <Fragment key={post.id}>
            {post.id === dividerBeforeId ? (
              <p
                id={NEW_POSTS_DIVIDER_ID}
                tabIndex={-1}
                data-testid="new-posts-divider"
                className="flex scroll-mt-20 items-center gap-3 text-xs font-semibold uppercase tracking-wide text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="h-px flex-1 bg-primary" aria-hidden />
                {UNREAD_TEXT.divider}
                <span className="h-px flex-1 bg-primary" aria-hidden />
              </p>
            ) : null}
            <PostCard
              post={post}
              author={data.profiles.get(post.user_id) ?? null}
              quoted={quotedFor(post)}
              liked={liked}
              likeCount={displayedLikes(post, liked, pending)}
              permissions={postPermissions(viewer, discussion, post, viewerPending)}
              // 'Waiting to send' only once the reply is really queued on the device (its outbox entry exists).
              outbox={own ? data.postOutbox.get(post.id) : undefined}
              highlighted={highlighted === post.id}
              actions={actions}
              deferLayout={index > laidOutUpTo}
            />
          </Fragment>
        );
      })}
    </section>
  );
}
