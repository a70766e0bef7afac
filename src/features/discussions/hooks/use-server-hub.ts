import { useServerFirstRead } from '@/launch/use-server-first-read';
import { hubReadsServerFirst, serverDiscussions } from '../model/server-hub';
import type { DiscussionRow } from '../model/types';

/**
 * The discussions as the server has them, when the hub opened on a device that never finished pulling them
 * (null otherwise, and while the answer is on its way). A failed read leaves the hub to the store.
 */
export function useServerHub(): DiscussionRow[] | null {
  return useServerFirstRead(hubReadsServerFirst, serverDiscussions, 'hub').answer;
}
