import { discussionsSchema, type DiscussionDoc } from '@/db/schemas/discussions';
import { postsSchema, type PostDoc } from '@/db/schemas/posts';
import { profilesSchema, type ProfileDoc } from '@/db/schemas/profiles';
import { inList, readServerRows, sharedServerRead } from '@/db/server-first';
import { screenReadsServerFirst } from '@/lib/first-screen';
import { toAuthorProfile, toDiscussionRow, toPostRow, type ThreadView } from './local-queries';
import type { DiscussionRow } from './types';

/** A thread as the server has it, in the shapes the local reads produce. */
export type ServerThread = { discussion: DiscussionRow | null; view: ThreadView };

/** Whether a thread screen opening now reads the server first: the device never pulled threads or their posts. */
export function threadReadsServerFirst(threadId: string): boolean {
  return screenReadsServerFirst(`/discussions/thread/${threadId}`);
}

async function readThread(threadId: string): Promise<ServerThread> {
  const id = encodeURIComponent(threadId);
  const [discussions, postDocs] = await Promise.all([
    readServerRows<DiscussionDoc>('discussions', discussionsSchema, `id=eq.${id}`),
    readServerRows<PostDoc>('posts', postsSchema, `discussion_id=eq.${id}&order=created_at.asc,id.asc`),
  ]);
  const posts = postDocs.map(toPostRow);
  // The same set of posts and authors the local read gathers, so the store's later answer renders identically.
  const inThread = new Set(posts.map((p) => p.id));
  const outside = [...new Set(posts.map((p) => p.quoted_post_id).filter((q): q is string => q !== null && !inThread.has(q)))];
  const postAuthors = [...new Set(posts.map((p) => p.user_id))].sort();
  // Quoted posts and the posts' authors side by side; only authors of quotes from other threads cost one more request.
  const [quotedDocs, profileDocs] = await Promise.all([
    outside.length > 0 ? readServerRows<PostDoc>('posts', postsSchema, `id=${inList(outside)}`) : Promise.resolve([]),
    postAuthors.length > 0 ? readServerRows<ProfileDoc>('profiles', profilesSchema, `id=${inList(postAuthors)}`) : Promise.resolve([]),
  ]);
  const quoted = new Map(quotedDocs.map((d) => [d.id, toPostRow(d)]));
  const missing = [...new Set([...quoted.values()].map((q) => q.user_id).filter((u) => !postAuthors.includes(u)))].sort();
  if (missing.length > 0) profileDocs.push(...(await readServerRows<ProfileDoc>('profiles', profilesSchema, `id=${inList(missing)}`)));
  return {
    discussion: discussions[0] ? toDiscussionRow(discussions[0]) : null,
    view: { posts, quoted, profiles: new Map(profileDocs.map((d) => [d.id, toAuthorProfile(d)])), complete: true },
  };
}

/** The thread read straight from the server, shared between the route's loader and the screen. */
export function serverThread(threadId: string): Promise<ServerThread> {
  return sharedServerRead(`thread:${threadId}`, () => readThread(threadId));
}
