import QuickLRU from 'quick-lru';
import { ReplaySubject, share, timer, type Observable } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import { loadDatabase } from '@/db/load-database';
import { THREAD_WARM_MS } from '../constants';
import { threadView$, type ThreadView } from './local-queries';

/** Threads whose shared read is remembered; a read nobody uses stops after THREAD_WARM_MS either way. */
const REMEMBERED_THREADS = 50;

const views = new WeakMap<AppDatabase, QuickLRU<string, Observable<ThreadView>>>();

/**
 * A thread's view, shared by everyone reading it: the live read stays open
 * for THREAD_WARM_MS after its last reader leaves and hands a newcomer its
 * latest value at once. A read started as navigation begins (warmThread) has
 * the posts ready when the screen mounts, instead of the screen waiting for
 * IndexedDB after the router has rendered it (10 to 25 ms of a thread open).
 */
export function sharedThreadView$(db: AppDatabase, threadId: string, viewerId: string | null): Observable<ThreadView> {
  let byThread = views.get(db);
  if (!byThread) {
    byThread = new QuickLRU({ maxSize: REMEMBERED_THREADS });
    views.set(db, byThread);
  }
  const key = `${threadId}|${viewerId ?? ''}`;
  let view = byThread.get(key);
  if (!view) {
    view = threadView$(db, threadId, viewerId).pipe(
      share({ connector: () => new ReplaySubject<ThreadView>(1), resetOnError: true, resetOnComplete: true, resetOnRefCountZero: () => timer(THREAD_WARM_MS) }),
    );
    byThread.set(key, view);
  }
  return view;
}

/**
 * Starts reading a thread now (its route's loader: navigation, or the pointer
 * resting on a link). Never holds the navigation up: the read starts once the
 * store is open, which it already is after launch.
 */
export function warmThread(threadId: string, viewerId: string | null): void {
  void loadDatabase().then(
    (db) => sharedThreadView$(db, threadId, viewerId).subscribe().unsubscribe(),
    () => undefined,
  );
}
