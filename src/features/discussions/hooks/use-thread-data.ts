import { useMemo } from 'react';
import { map } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import type { DraftDoc } from '@/db/schemas/drafts';
import { reactionId } from '../model/ids';
import {
  discussion$,
  myLikes$,
  outboxStates$,
  postsByIds$,
  profilesByIds$,
  rejectedReplies$,
  threadPosts$,
} from '../model/local-queries';
import type { AuthorProfile, DiscussionRow, OutboxState, PostRow, Viewer } from '../model/types';
import { useObservable, type LiveValue } from './use-observable';

const NO_POSTS: PostRow[] = [];
const NO_PROFILES = { key: null, profiles: new Map<string, AuthorProfile>() };
const NO_POST_MAP = new Map<string, PostRow>();
const NO_STATES = new Map<string, OutboxState>();
const NO_LIKES = new Set<string>();
const NO_DRAFTS: DraftDoc[] = [];

export type ThreadData = {
  discussion: LiveValue<DiscussionRow | null>;
  posts: LiveValue<PostRow[]>;
  profiles: Map<string, AuthorProfile>;
  /** The posts are read and so are their authors: the cards can show whole (not as incomplete). */
  authorsReady: boolean;
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
  const posts = useObservable(() => (db ? threadPosts$(db, threadId) : null), [db, threadId], NO_POSTS);

  const postIds = useMemo(() => posts.value.map((p) => p.id), [posts.value]);
  const postIdKey = postIds.join(',');
  const inThread = useMemo(() => new Set(postIds), [postIds]);
  const outsideQuotes = useMemo(
    () => [...new Set(posts.value.map((p) => p.quoted_post_id).filter((id): id is string => id !== null && !inThread.has(id)))],
    [posts.value, inThread],
  );
  const quotedPosts = useObservable(() => (db ? postsByIds$(db, outsideQuotes) : null), [db, outsideQuotes.join(',')], NO_POST_MAP);

  const viewerId = viewer?.id ?? null;
  const authorIds = useMemo(() => {
    const ids = new Set(posts.value.map((p) => p.user_id));
    for (const q of quotedPosts.value.values()) ids.add(q.user_id);
    // The member's own profile is read up front: a first reply of theirs shows with its author at once.
    if (viewerId) ids.add(viewerId);
    return [...ids].sort();
  }, [posts.value, quotedPosts.value, viewerId]);
  const authorKey = authorIds.join(',');
  // Each answer carries the ids it is for: the previous answer stays shown while a new set is read.
  const profiles = useObservable<{ key: string | null; profiles: Map<string, AuthorProfile> }>(
    () => (db ? profilesByIds$(db, authorIds).pipe(map((found) => ({ key: authorKey, profiles: found }))) : null),
    [db, authorKey],
    NO_PROFILES,
  );

  const likes = useObservable(() => (db ? myLikes$(db, viewerId, postIds) : null), [db, viewerId, postIdKey], NO_LIKES);
  const postOutbox = useObservable(() => (db ? outboxStates$(db, 'posts', postIds) : null), [db, postIdKey], NO_STATES);
  const reactionIds = useMemo(() => (viewerId ? postIds.map((id) => reactionId(id, viewerId)) : []), [postIds, viewerId]);
  const reactionOutbox = useObservable(() => (db ? outboxStates$(db, 'reactions', reactionIds) : null), [db, reactionIds.join(',')], NO_STATES);
  const discussionOutbox = useObservable(() => (db ? outboxStates$(db, 'discussions', [threadId]) : null), [db, threadId], NO_STATES);
  const rejected = useObservable(() => (db ? rejectedReplies$(db, threadId, postIds) : null), [db, threadId, postIdKey], NO_DRAFTS);

  return {
    discussion,
    posts,
    profiles: profiles.value.profiles,
    authorsReady: posts.ready && profiles.value.key === authorKey,
    quotedPosts: quotedPosts.value,
    likes: likes.value,
    postOutbox: postOutbox.value,
    reactionOutbox: reactionOutbox.value,
    discussionOutbox: discussionOutbox.value.get(threadId),
    rejected: rejected.value,
  };
}
