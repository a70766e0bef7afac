import { distinctUntilChanged, map, type Observable } from 'rxjs';
import type { OutboxCollectionName } from './collections';
import type { AppDatabase } from './database';
import { outboxId } from './outbox';
import type { DraftDoc } from './schemas/drafts';
import type { OutboxState } from './schemas/outbox';

export interface OutboxItemState {
  state: OutboxState;
  reason: string | null;
}

/** How many local writes the server has not acknowledged yet. */
export function waitingCount$(db: AppDatabase): Observable<number> {
  return db.outbox.find({ selector: { state: 'waiting' } }).$.pipe(
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
