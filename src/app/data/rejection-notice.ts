import type { DraftDoc } from '@/db/schemas/drafts';
import { useConnectivityStore } from '@/stores/connectivity-store';

/**
 * Follows the texts the server refused, kept as drafts: every answer sets the count next to the connectivity
 * indicator, and `tell` gets the refusals this page has not seen yet that were recorded since it started
 * (`startedAt`, an ISO time). Refusals recorded before the page started were told by the page that was open
 * then, or are found through the count.
 *
 * Whether a refusal is new is decided by when it was recorded, not by which answer of the drafts query first
 * holds it: a push can settle before that query's first answer (a quick reconnect while the store is still
 * opening), and that refusal must be told like any other.
 */
export function rejectionNotices(startedAt: string, tell: (fresh: DraftDoc[]) => void): (drafts: DraftDoc[]) => void {
  const seen = new Set<string>();
  return (drafts) => {
    useConnectivityStore.getState().setRejectedChanges(drafts.length);
    const fresh = drafts.filter((draft) => !seen.has(draft.id) && draft.updated_at >= startedAt);
    for (const draft of drafts) seen.add(draft.id);
    if (fresh.length > 0) tell(fresh);
  };
}
