import { combineLatest, distinctUntilChanged, fromEvent, map, merge, of, startWith, switchMap, type Observable } from 'rxjs';
import type { ReplicatedCollectionName } from './collections';
import type { AppDatabase } from './database';
import { outboxId } from './outbox';
import type { DraftDoc } from './schemas/drafts';
import type { OutboxState } from './schemas/outbox';
import type { SyncHandle } from './replication/sync';

export interface SyncStatus {
  online: boolean;
  /** local writes the server has not acknowledged yet */
  waiting: number;
  /** a pull or push is running */
  active: boolean;
}

export interface OutboxItemState {
  state: OutboxState;
  reason: string | null;
}

export function online$(): Observable<boolean> {
  if (typeof window === 'undefined') return of(true);
  return merge(fromEvent(window, 'online'), fromEvent(window, 'offline')).pipe(
    map(() => navigator.onLine),
    startWith(navigator.onLine),
    distinctUntilChanged(),
  );
}

export function waitingCount$(db: AppDatabase): Observable<number> {
  return db.outbox.find({ selector: { state: 'waiting' } }).$.pipe(map((docs) => docs.length), distinctUntilChanged());
}

export function replicationActive$(sync$: Observable<SyncHandle | null>): Observable<boolean> {
  return sync$.pipe(
    switchMap((sync) => {
      const states = sync ? Object.values(sync.states) : [];
      if (states.length === 0) return of(false);
      return combineLatest(states.map((s) => s.active$)).pipe(map((flags) => flags.some(Boolean)));
    }),
    distinctUntilChanged(),
  );
}

/** The indicator's input: online flag, changes waiting, replication running. */
export function syncStatus$(db: AppDatabase, sync$: Observable<SyncHandle | null>): Observable<SyncStatus> {
  return combineLatest([online$(), waitingCount$(db), replicationActive$(sync$)]).pipe(
    map(([online, waiting, active]) => ({ online, waiting, active })),
  );
}

/** The state of one queued document (a reply marked waiting / sent / rejected), or null when nothing is queued for it. */
export function outboxState$(db: AppDatabase, collection: ReplicatedCollectionName, id: string): Observable<OutboxItemState | null> {
  return db.outbox.findOne(outboxId(collection, id)).$.pipe(
    map((doc) => (doc ? { state: doc.state, reason: doc.reason ?? null } : null)),
  );
}

/** Texts the server refused for good, kept as drafts on this device (newest first). */
export function rejectedDrafts$(db: AppDatabase): Observable<DraftDoc[]> {
  return db.drafts.find({ selector: { kind: 'rejected' }, sort: [{ updated_at: 'desc' }] }).$.pipe(map((docs) => docs.map((doc) => doc.toJSON() as DraftDoc)));
}
