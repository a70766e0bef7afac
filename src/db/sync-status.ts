import { distinctUntilChanged, map, type Observable } from 'rxjs';
import type { OutboxCollectionName } from './collections';
import type { AppDatabase } from './database';
import { outboxId } from './outbox';
import { TABLE_SPECS } from './replication/tables';
import type { DraftDoc } from './schemas/drafts';
import type { OutboxState } from './schemas/outbox';

export interface OutboxItemState {
  state: OutboxState;
  reason: string | null;
}

/** Tables whose waiting writes are bookkeeping (read points), not changes the member made. */
export const BOOKKEEPING_COLLECTIONS: readonly string[] = Object.values(TABLE_SPECS)
  .filter((spec) => spec.bookkeeping)
  .map((spec) => spec.collection);

/** The outbox records of the member's own changes that the server has not acknowledged yet. */
export const WAITING_CHANGES = { state: 'waiting' as const, collection_name: { $nin: [...BOOKKEEPING_COLLECTIONS] } };

/** How many of the member's changes the server has not acknowledged yet. */
export function waitingCount$(db: AppDatabase): Observable<number> {
  return db.outbox.find({ selector: WAITING_CHANGES }).$.pipe(
    map((docs) => docs.length),
    distinctUntilChanged(),
  );
}

/** The state of one queued document (a reply marked waiting / sent / rejected), or null when nothing is queued for it. */
export function outboxState$(db: AppDatabase, collection: OutboxCollectionName, id: string): Observable<OutboxItemState | null> {
  return db.outbox.findOne(outboxId(collection, id)).$.pipe(map((doc) => (doc ? { state: doc.state, reason: doc.reason ?? null } : null)));
}

/** Texts the server refused for good, kept as drafts on this device (newest first). */
export function rejectedDrafts$(db: AppDatabase): Observable<DraftDoc[]> {
  return db.drafts.find({ selector: { kind: 'rejected' }, sort: [{ updated_at: 'desc' }] }).$.pipe(map((docs) => docs.map((doc) => doc.toJSON() as DraftDoc)));
}
