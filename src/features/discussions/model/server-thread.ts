import { discussionsSchema, type DiscussionDoc } from '@/db/schemas/discussions';
import { postsSchema, type PostDoc } from '@/db/schemas/posts';
import { profilesSchema, type ProfileDoc } from '@/db/schemas/profiles';
import { inList, readServerRows, readServerRowsWith, sharedServerRead } from '@/launch/server-first';
import { screenReadsServerFirst } from '@/launch/first-screen';
import { POST_AUTHOR, threadFilter, threadPostsFilter } from './server-reads';
import type { ThreadView } from './local-queries';
import { toAuthorProfile, toDiscussionRow, toPostRow } from './row-shapes';
import type { AuthorProfile, DiscussionRow } from './types';

/** A thread as the server has it, in the shapes the local reads produce. */
export type ServerThread = { discussion: DiscussionRow | null; view: ThreadView };

/** Whether a thread screen opening now reads the server first: the device never pulled threads or their posts. */
export function threadReadsServerFirst(threadId: string): boolean {
  return screenReadsServerFirst(`/discussions/thread/${threadId}`);
}

const AUTHOR = { ...POST_AUTHOR, schema: profilesSchema };

async function readThread(threadId: string): Promise<ServerThread> {
  const id = encodeURIComponent(threadId);
  // The thread and its posts with their authors side by side: one round trip for the whole first screen.
  const [discussions, postRows] = await Promise.all([
    readServerRows<DiscussionDoc>('discussions', discussionsSchema, threadFilter(id)),
    readServerRowsWith<PostDoc, ProfileDoc>('posts', postsSchema, AUTHOR, threadPostsFilter(id)),
  ]);
  const posts = postRows.map(({ doc }) => toPostRow(doc));
  const profiles = new Map<string, AuthorProfile>();
  for (const { embedded } of postRows) if (embedded) profiles.set(embedded.id, toAuthorProfile(embedded));
  // The same set of posts and authors the local read gathers, so the store's later answer renders identically:
  // posts quoted from other threads (rare) cost one more request.
  const inThread = new Set(posts.map((p) => p.id));
  const outside = [...new Set(posts.map((p) => p.quoted_post_id).filter((q): q is string => q !== null && !inThread.has(q)))];
  const quotedRows = outside.length > 0 ? await readServerRowsWith<PostDoc, ProfileDoc>('posts', postsSchema, AUTHOR, `id=${inList(outside)}`) : [];
  const quoted = new Map(quotedRows.map(({ doc }) => [doc.id, toPostRow(doc)]));
  for (const { embedded } of quotedRows) if (embedded) profiles.set(embedded.id, toAuthorProfile(embedded));
  return {
    discussion: discussions[0] ? toDiscussionRow(discussions[0]) : null,
    view: { posts, quoted, profiles, complete: true },
  };
}

/** The thread read straight from the server, shared between the route's loader and the screen. */
export function serverThread(threadId: string): Promise<ServerThread> {
  return sharedServerRead(`thread:${threadId}`, () => readThread(threadId));
}
