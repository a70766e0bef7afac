import type { ReplicatedCollectionName } from '../collections';
import { outboxState$, type OutboxItemState } from '../sync-status';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';

/** waiting / sent / rejected (with the server's reason) / conflict for one document; null when it was never queued here. */
export function useOutboxState(collection: ReplicatedCollectionName, id: string): OutboxItemState | null {
  const db = useDatabase();
  return useObservable(() => (db ? outboxState$(db, collection, id) : null), [db, collection, id], null);
}
