import type { DraftDoc } from '@/db/schemas/drafts';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import { REJECTED_NOTICE } from './constants';

/** The "Not sent" notice, on whatever screen the member is: the server's reason and the way to the kept text. */
export function showRefusal(reason: string, openDrafts: () => void): void {
  toast({
    variant: 'destructive',
    title: REJECTED_NOTICE.title,
    description: REJECTED_NOTICE.description(reason),
    duration: Infinity,
    action: { label: REJECTED_NOTICE.open, altText: REJECTED_NOTICE.openAlt, onClick: openDrafts },
  });
}

/**
 * The refusals a page told the member of, by the id of the draft each left: its notice of new drafts and the
 * service worker's log of what it sent can both meet one refusal, which is told once.
 */
export class ToldRefusals {
  private readonly draftIds = new Set<string>();

  /** Those of `items` not told yet, marked told now. */
  take<T>(items: readonly T[], draftIdOf: (item: T) => string): T[] {
    const untold = items.filter((item) => !this.draftIds.has(draftIdOf(item)));
    for (const item of untold) this.draftIds.add(draftIdOf(item));
    return untold;
  }
}

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
