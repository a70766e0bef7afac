import { serverRowsPath, serverRowsWithPath } from '@/launch/server-read-paths';
import { EARLY_READ_ID } from '@/launch/early-reads';

/**
 * The requests the thread and the hub read from the server on an empty device, in one place: the screens send
 * them, and the page's early read (built from these at build time) sends the same ones first.
 * Ids are passed URL-encoded.
 */

/** A post's author, embedded in the post's row. */
export const POST_AUTHOR = { as: 'author', collection: 'profiles' } as const;

export const threadFilter = (id: string) => `id=eq.${id}`;
export const threadPostsFilter = (id: string) => `discussion_id=eq.${id}&order=created_at.asc,id.asc`;
/** The hub reads every discussion header, as the store keeps them all. */
export const HUB_FILTER = '';

/** The requests a thread starts with, on the path of its screen (the id is the captured group). */
export const THREAD_EARLY_READ = {
  path: '^/discussions/thread/([^/]+)/?$',
  requests: [serverRowsPath('discussions', threadFilter(EARLY_READ_ID)), serverRowsWithPath('posts', POST_AUTHOR, threadPostsFilter(EARLY_READ_ID))],
};

/** The request the hub starts with, on the path of its screen. */
export const HUB_EARLY_READ = { path: '^/discussions/?$', requests: [serverRowsPath('discussions', HUB_FILTER)] };
