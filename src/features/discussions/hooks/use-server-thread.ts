import { useMemo, useState } from 'react';
import { useServerFirstRead } from '@/launch/use-server-first-read';
import type { OutboxState } from '../model/types';
import { serverThread, threadReadsServerFirst, type ServerThread } from '../model/server-thread';
import type { ThreadData } from './use-thread-data';

const NO_STATES = new Map<string, OutboxState>();
const NO_LIKES = new Set<string>();
// The server's copy is replaced by the store's live rows, which carry their own retry.
const NO_RETRY = () => undefined;

/**
 * The thread as the server has it, when the screen opened on a device whose store is still empty (null
 * otherwise, and while the answer is on its way). A failed read leaves the screen to the store.
 */
export function useServerThread(threadId: string, allowed: boolean): ServerThread | null {
  return useServerFirstRead(
    () => allowed && threadReadsServerFirst(threadId),
    () => serverThread(threadId),
    `thread:${threadId}`,
  ).answer;
}

/** Whether the store holds everything the server's copy shows: the thread, at least as many posts, and every author. */
function storeHolds(stored: ThreadData, server: ServerThread): boolean {
  if (!stored.discussion.value || !stored.authorsReady || !stored.postsComplete) return false;
  const posts = stored.posts.value;
  return posts.length >= server.view.posts.length && posts.every((p) => stored.profiles.has(p.user_id));
}

/**
 * What the thread screen shows: the server's copy until the store holds the same rows, then the store for
 * good (its live rows are the ones writes and replication update). Both render the same cards, so the
 * hand-over neither flashes a skeleton nor moves anything.
 */
export function useThreadSource(stored: ThreadData, server: ServerThread | null): { data: ThreadData; fromServer: boolean; serverMissing: boolean } {
  const [storeLeads, setStoreLeads] = useState(false);
  // Authors the store already has too: a member who signed in on this page sees their own reply whole.
  const profiles = useMemo(() => (server ? new Map([...stored.profiles, ...server.view.profiles]) : stored.profiles), [server, stored.profiles]);
  const serverShows = server !== null && server.discussion !== null;
  const handOver = !storeLeads && serverShows && storeHolds(stored, server);
  if (handOver) setStoreLeads(true);
  // The server answered that it has no such thread: the visitor is told at once, not after the store opened.
  const serverMissing = server !== null && server.discussion === null && !storeLeads && stored.discussion.value === null;
  if (storeLeads || handOver || !serverShows) return { data: stored, fromServer: false, serverMissing };
  return {
    fromServer: true,
    serverMissing: false,
    data: {
      discussion: { value: server.discussion, loading: false, error: null, retry: NO_RETRY },
      posts: { value: server.view.posts, loading: false, error: null, retry: NO_RETRY },
      profiles,
      authorsReady: true,
      postsComplete: true,
      quotedPosts: server.view.quoted,
      likes: NO_LIKES,
      postOutbox: NO_STATES,
      reactionOutbox: NO_STATES,
      discussionOutbox: undefined,
      rejected: [],
    },
  };
}
