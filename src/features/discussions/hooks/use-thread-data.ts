import { useMemo } from 'react';
import type { AppDatabase } from '@/db/database';
import type { DraftDoc } from '@/db/schemas/drafts';
import { reactionId } from '../model/ids';
import { discussion$, myLikes$, outboxStates$, rejectedReplies$, type ThreadView } from '../model/local-queries';
import { sharedThreadView$ } from '../model/thread-warmup';
import type { AuthorProfile, DiscussionRow, OutboxState, PostRow, Viewer } from '../model/types';
import { useObservable, type LiveValue } from './use-observable';

const NO_VIEW: ThreadView = { posts: [], quoted: new Map(), profiles: new Map(), complete: false };
const NO_STATES = new Map<string, OutboxState>();
const NO_LIKES = new Set<string>();
const NO_DRAFTS: DraftDoc[] = [];

export type ThreadData = {
  discussion: LiveValue<DiscussionRow | null>;
  posts: LiveValue<PostRow[]>;
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
export function useThreadData(db: AppDatabase | null, threadId: string, viewer: Viewer): ThreadData {
  const discussion = useObservable(() => (db ? discussion$(db, threadId) : null), [db, threadId], null);
  const viewerId = viewer?.id ?? null;
  const view = useObservable(() => (db ? sharedThreadView$(db, threadId, viewerId) : null), [db, threadId, viewerId], NO_VIEW);
  const posts = useMemo<LiveValue<PostRow[]>>(() => ({ value: view.value.posts, ready: view.ready, error: view.error }), [view]);

  const postIds = useMemo(() => posts.value.map((p) => p.id), [posts.value]);
  const postIdKey = postIds.join(',');

  const likes = useObservable(() => (db ? myLikes$(db, viewerId, postIds) : null), [db, viewerId, postIdKey], NO_LIKES);
  const postOutbox = useObservable(() => (db ? outboxStates$(db, 'posts', postIds) : null), [db, postIdKey], NO_STATES);
  const reactionIds = useMemo(() => (viewerId ? postIds.map((id) => reactionId(id, viewerId)) : []), [postIds, viewerId]);
  const reactionOutbox = useObservable(() => (db ? outboxStates$(db, 'reactions', reactionIds) : null), [db, reactionIds.join(',')], NO_STATES);
  const discussionOutbox = useObservable(() => (db ? outboxStates$(db, 'discussions', [threadId]) : null), [db, threadId], NO_STATES);
  const rejected = useObservable(() => (db ? rejectedReplies$(db, threadId, postIds) : null), [db, threadId, postIdKey], NO_DRAFTS);

  return {
    discussion,
    posts,
    profiles: view.value.profiles,
    authorsReady: view.ready,
    postsComplete: view.value.complete,
    quotedPosts: view.value.quoted,
    likes: likes.value,
    postOutbox: postOutbox.value,
    reactionOutbox: reactionOutbox.value,
    discussionOutbox: discussionOutbox.value.get(threadId),
    rejected: rejected.value,
  };
}
