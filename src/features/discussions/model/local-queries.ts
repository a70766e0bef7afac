import { deepEqual } from 'rxdb/plugins/utils';
import { distinctUntilChanged, map, of, startWith, switchMap, take, type Observable } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import type { DraftDoc } from '@/db/schemas/drafts';
import type { OutboxDoc } from '@/db/schemas/outbox';
import { THREAD_FIRST_SCREEN_POSTS } from '../constants';
import { toAuthorProfile, toDiscussionRow, toPostRow } from './row-shapes';
import type { AuthorProfile, DiscussionRow, OutboxState, PostRow } from './types';

/**
 * Live reads of this feature over the local store. Every function returns an
 * observable that emits again when replication or a local write changes the
 * result, so screens update without reloading.
 */

/** Every discussion header on the device; the hub filters, sorts and pages these in memory. */
export function allDiscussions$(db: AppDatabase): Observable<DiscussionRow[]> {
  return db.discussions.find().$.pipe(map((docs) => docs.map((d) => toDiscussionRow(d.toJSON()))));
}

export function discussion$(db: AppDatabase, id: string): Observable<DiscussionRow | null> {
  return db.discussions.findOne(id).$.pipe(map((d) => (d ? toDiscussionRow(d.toJSON()) : null)));
}

/** Posts of a thread, oldest first; only the first `limit` when given. */
export function threadPosts$(db: AppDatabase, discussionId: string, limit?: number): Observable<PostRow[]> {
  return db.posts
    .find({ selector: { discussion_id: discussionId }, sort: [{ created_at: 'asc' }], ...(limit === undefined ? {} : { limit }) })
    .$.pipe(map((docs) => docs.map((d) => toPostRow(d.toJSON()))));
}

/** Posts by id (quotes of posts outside the thread). */
export function postsByIds$(db: AppDatabase, ids: readonly string[]): Observable<Map<string, PostRow>> {
  if (ids.length === 0) return of(new Map<string, never>());
  return db.posts.find({ selector: { id: { $in: [...ids] } } }).$.pipe(map((docs) => new Map(docs.map((d) => [d.id, toPostRow(d.toJSON())]))));
}

export function profilesByIds$(db: AppDatabase, ids: readonly string[]): Observable<Map<string, AuthorProfile>> {
  if (ids.length === 0) return of(new Map<string, never>());
  return db.profiles.find({ selector: { id: { $in: [...ids] } } }).$.pipe(map((docs) => new Map(docs.map((d) => [d.id, toAuthorProfile(d)]))));
}

export interface ThreadView {
  posts: PostRow[];
  /** posts quoted from other threads */
  quoted: Map<string, PostRow>;
  /** authors of the posts and of the quoted posts, and the viewer */
  profiles: Map<string, AuthorProfile>;
  /** false while only the first screen's posts are read */
  complete: boolean;
}

/**
 * A thread's posts, oldest first, with whether they are all of them. The first
 * screen's posts come first from a read that stops after them (IndexedDB walks
 * the thread's index one post at a time, so a long thread read whole costs
 * several frames); the whole thread then replaces them. A thread shorter than
 * the first screen is whole at once.
 */
function threadPostsFirstScreenFirst$(db: AppDatabase, discussionId: string): Observable<{ posts: PostRow[]; complete: boolean }> {
  const whole = threadPosts$(db, discussionId).pipe(map((posts) => ({ posts, complete: true })));
  // The whole read starts once the first screen is read: run side by side, its 500 documents' work on the
  // main thread delayed the first screen's 10 (first opens of 500-post threads: 83 ms to the first post).
  return threadPosts$(db, discussionId, THREAD_FIRST_SCREEN_POSTS).pipe(
    take(1),
    switchMap((posts) => whole.pipe(startWith({ posts, complete: posts.length < THREAD_FIRST_SCREEN_POSTS }))),
    // A thread shorter than the first screen reads the same posts twice; the second read is not a change.
    distinctUntilChanged(deepEqual),
  );
}

/**
 * A thread's posts with the posts they quote and every author. The reads
 * follow each other inside RxJS, so the page renders whole instead of after
 * each read; a newer set of posts cancels the reads still running for an older one.
 */
export function threadView$(db: AppDatabase, discussionId: string, viewerId: string | null): Observable<ThreadView> {
  return threadPostsFirstScreenFirst$(db, discussionId).pipe(
    switchMap(({ posts, complete }) => {
      const inThread = new Set(posts.map((p) => p.id));
      const outside = [...new Set(posts.map((p) => p.quoted_post_id).filter((id): id is string => id !== null && !inThread.has(id)))];
      return postsByIds$(db, outside).pipe(
        switchMap((quoted) => {
          const authors = new Set(posts.map((p) => p.user_id));
          for (const q of quoted.values()) authors.add(q.user_id);
          // The member's own profile too: a first reply of theirs shows with its author at once.
          if (viewerId) authors.add(viewerId);
          return profilesByIds$(db, [...authors].sort()).pipe(map((profiles) => ({ posts, quoted, profiles, complete })));
        }),
      );
    }),
  );
}

export function profile$(db: AppDatabase, id: string): Observable<AuthorProfile | null> {
  return profilesByIds$(db, [id]).pipe(map((m) => m.get(id) ?? null));
}

/** The ids of the posts in `postIds` that this member likes on this device. */
export function myLikes$(db: AppDatabase, userId: string | null, postIds: readonly string[]): Observable<Set<string>> {
  if (!userId || postIds.length === 0) return of(new Set<string>());
  return db.reactions
    .find({ selector: { user_id: userId, post_id: { $in: [...postIds] }, reaction_type: 'like' } })
    .$.pipe(map((docs) => new Set(docs.map((d) => d.post_id))));
}

function toOutboxState(doc: OutboxDoc): OutboxState {
  if (doc.state === 'rejected' || doc.state === 'conflict') return { status: 'rejected', reason: doc.reason ?? undefined };
  return { status: doc.state };
}

/** Outbox state of local writes to one collection, keyed by document id. */
export function outboxStates$(
  db: AppDatabase,
  collection: 'posts' | 'reactions' | 'discussions',
  docIds: readonly string[],
): Observable<Map<string, OutboxState>> {
  if (docIds.length === 0) return of(new Map<string, OutboxState>());
  return db.outbox
    .find({ selector: { collection_name: collection, doc_id: { $in: [...docIds] } } })
    .$.pipe(map((docs) => new Map(docs.map((d) => [d.doc_id, toOutboxState(d)]))));
}

export function draft$(db: AppDatabase, id: string): Observable<DraftDoc | null> {
  return db.drafts.findOne(id).$.pipe(map((d) => (d ? d.toJSON() : null)));
}

/** Replies the server refused for good, kept as drafts by the data layer. */
export function rejectedReplies$(db: AppDatabase, discussionId: string, postIds: readonly string[]): Observable<DraftDoc[]> {
  return db.drafts
    .find({ selector: { kind: { $in: ['rejected', 'conflict'] }, collection_name: { $in: ['posts', 'drafts'] } } })
    .$.pipe(
      map((docs) =>
        docs
          .map((d) => d.toJSON() as DraftDoc)
          .filter(
            (d) =>
              d.key === discussionId ||
              (d.doc_id != null && postIds.includes(d.doc_id)) ||
              (d.fields != null && (d.fields as Record<string, unknown>).discussion_id === discussionId),
          ),
      ),
    );
}
