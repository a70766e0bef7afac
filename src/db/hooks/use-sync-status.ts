import type { Observable } from 'rxjs';
import type { SyncHandle } from '../replication/sync';
import { syncStatus$, type SyncStatus } from '../sync-status';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';

const INITIAL: SyncStatus = { online: typeof navigator === 'undefined' ? true : navigator.onLine, waiting: 0, active: false };

/** For the connectivity indicator: pass SyncController.current$. */
export function useSyncStatus(sync$: Observable<SyncHandle | null>): SyncStatus {
  const db = useDatabase();
  return useObservable(() => (db ? syncStatus$(db, sync$) : null), [db, sync$], INITIAL);
}
