import { combineLatest, distinctUntilChanged, exhaustMap, filter, from, map, merge, of, scan, share, startWith, takeUntil, timer, type Observable } from 'rxjs';
import { deviceStorage, privateKey } from '@/lib/device-storage';
import { REPLICATED_COLLECTIONS } from './collections';
import type { AppDatabase } from './database';
import type { SyncHandle } from './replication/sync';

/** What a first sync shows the member while it fills the device. */
export interface SyncProgress {
  /** documents of the replicated collections stored on this device */
  documents: number;
  /** every collection has pulled what the server had, the kept threads' posts included */
  storeReady: boolean;
  /** the service worker holds the app's files: true, false while it installs, null when the browser has none */
  appFilesReady: boolean | null;
}

/** How often the count of stored documents is refreshed while a sync writes thousands of them. */
const COUNT_REFRESH_MS = 500;

const OFFLINE_READY_KEY = privateKey('sync', 'offline-ready');

/** Whether this device was once ready to work offline (then the first-sync progress is not shown again). */
export function wasOfflineReady(): boolean {
  return deviceStorage()?.getItem(OFFLINE_READY_KEY) === '1';
}

export function markOfflineReady(): void {
  try {
    deviceStorage()?.setItem(OFFLINE_READY_KEY, '1');
  } catch {
    // A full quota: the progress shows once more on the next first sync, no harm done.
  }
}

/** True once a service worker is active for this page (its install step precached the app); null without support. */
export function appFilesReady$(): Observable<boolean | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return of(null);
  return from(navigator.serviceWorker.ready.then(() => true)).pipe(startWith(false));
}

export function syncProgress$(db: AppDatabase, sync: SyncHandle): Observable<SyncProgress> {
  // Counted every COUNT_REFRESH_MS rather than by live count queries: those re-run on every stored slice
  // of every collection, IndexedDB reads competing with the sync's own writes for no visible gain.
  const names = REPLICATED_COLLECTIONS.filter((name) => sync.states[name]);
  // A count refused (the database closing at sign-out) skips one refresh; the next one counts again.
  const count = (): Promise<number | null> =>
    Promise.all(names.map((name) => db[name].count().exec())).then(
      (values) => values.reduce((sum, n) => sum + n, 0),
      () => null,
    );
  // Once the store is ready, one last count comes with the news, so "ready" never shows beside an old count.
  const ready$ = from(
    sync.whenStoreReady().then(
      async () => ({ documents: await count(), storeReady: true }),
      () => ({ documents: null, storeReady: false }),
    ),
  ).pipe(share());
  const polled$ = timer(0, COUNT_REFRESH_MS).pipe(
    exhaustMap(count),
    map((documents) => ({ documents, storeReady: false })),
    takeUntil(ready$.pipe(filter((r) => r.storeReady))),
  );
  const store$ = merge(polled$, ready$).pipe(
    scan((last, next) => ({ documents: next.documents ?? last.documents, storeReady: last.storeReady || next.storeReady }), {
      documents: 0,
      storeReady: false,
    }),
    startWith({ documents: 0, storeReady: false }),
    distinctUntilChanged((a, b) => a.documents === b.documents && a.storeReady === b.storeReady),
  );
  return combineLatest([store$, appFilesReady$()]).pipe(map(([store, appFilesReady]) => ({ ...store, appFilesReady })));
}
