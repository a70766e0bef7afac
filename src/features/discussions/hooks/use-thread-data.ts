import { useMemo } from 'react';
import { useLiveQuery, type LiveQuery } from '@/db/hooks/use-live-query';
import type { DraftDoc } from '@/db/schemas/drafts';
import { reactionId } from '../model/ids';
import { discussion$, myLikes$, outboxStates$, rejectedReplies$, type ThreadView } from '../model/local-queries';
import { sharedThreadView$ } from '../model/thread-view';
import type { AuthorProfile, DiscussionRow, OutboxState, PostRow, Viewer } from '../model/types';

const NO_VIEW: ThreadView = { posts: [], quoted: new Map(), profiles: new Map(), complete: false };
const NO_STATES = new Map<string, OutboxState>();
const NO_LIKES = new Set<string>();
const NO_DRAFTS: DraftDoc[] = [];

export type ThreadData = {
  discussion: LiveQuery<DiscussionRow | null>;
  posts: LiveQuery<PostRow[]>;
  profiles: Map<string, AuthorProfile>;
  /** The posts are read and so are their authors: the cards can show whole (not as incomplete). */
  authorsReady: boolean;
  /** false while only the first screen's posts are read (a long thread) */
  postsComplete: boolean;
  quotedPosts: Map<string, PostRow>;
  likes: Set<string>;
  postOutbox: Map<string, OutboxState>;
  reactionOutbox: Map<string, OutboxState>;
  discussionOutbox: OutboxState | undefined;
  rejected: DraftDoc[];
};

/** Everything the thread page shows, live from the local store. */
export function useThreadData(threadId: string, viewer: Viewer): ThreadData {
  const discussion = useLiveQuery((db) => discussion$(db, threadId), [threadId], null);
  const viewerId = viewer?.id ?? null;
  const view = useLiveQuery((db) => sharedThreadView$(db, threadId, viewerId), [threadId, viewerId], NO_VIEW);
  const posts = useMemo<LiveQuery<PostRow[]>>(() => ({ ...view, value: view.value.posts }), [view]);

  const postIds = useMemo(() => posts.value.map((p) => p.id), [posts.value]);
  const postIdKey = postIds.join(',');

  const likes = useLiveQuery((db) => myLikes$(db, viewerId, postIds), [viewerId, postIdKey], NO_LIKES);
  const postOutbox = useLiveQuery((db) => outboxStates$(db, 'posts', postIds), [postIdKey], NO_STATES);
  const reactionIds = useMemo(() => (viewerId ? postIds.map((id) => reactionId(id, viewerId)) : []), [postIds, viewerId]);
  const reactionOutbox = useLiveQuery((db) => outboxStates$(db, 'reactions', reactionIds), [reactionIds.join(',')], NO_STATES);
  const discussionOutbox = useLiveQuery((db) => outboxStates$(db, 'discussions', [threadId]), [threadId], NO_STATES);
  const rejected = useLiveQuery((db) => rejectedReplies$(db, threadId, postIds), [threadId, postIdKey], NO_DRAFTS);

  return {
    discussion,
    posts,
    profiles: view.value.profiles,
    authorsReady: !view.loading,
    postsComplete: view.value.complete,
    quotedPosts: view.value.quoted,
    likes: likes.value,
    postOutbox: postOutbox.value,
    reactionOutbox: reactionOutbox.value,
    discussionOutbox: discussionOutbox.value.get(threadId),
    rejected: rejected.value,
  };
}
