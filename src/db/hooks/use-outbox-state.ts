import type { OutboxCollectionName } from '../collections';
import { outboxState$, type OutboxItemState } from '../sync-status';
import { useLiveQuery } from './use-live-query';

/** waiting / sent / rejected (with the server's reason) / conflict for one document; null when it was never queued here. */
export function useOutboxState(collection: OutboxCollectionName, id: string): OutboxItemState | null {
  return useLiveQuery((db) => outboxState$(db, collection, id), [collection, id], null).value;
}
