import { startTransition, useCallback, useEffect, useMemo, useState, type DependencyList } from 'react';
import type { Observable } from 'rxjs';
import type { AppDatabase } from '../database';
import { toError, useDatabaseOpening } from './use-database';

export type LiveQuery<T> = {
  /** the latest result; `initial` until the first one arrived */
  value: T;
  /** true until the first result arrived from the local store (or while the query is null) */
  loading: boolean;
  /** why the store could not be opened or the query failed; the last value is kept */
  error: Error | null;
  /** opens the store again if that failed and subscribes afresh */
  retry: () => void;
};

type State<T> = Omit<LiveQuery<T>, 'retry'>;

/**
 * While the app launches, a query's first result mounts as a transition: React builds it in slices and lets the
 * browser in between, so the entry, the store opening and the first screen share the main thread without long
 * tasks. Once the first screen is on the glass, a first result is a screen the member just asked for (a tap on a
 * thread): it renders at once. As a transition it waited behind every other update and restarted when one came,
 * which cost a reopened thread about 50 ms under a 300 ms round trip; long lists slice themselves.
 */
let firstResultsAsTransitions = true;

/** The launch is over: from now on a live query's first result renders at once (see above). */
export function renderFirstResultsAtOnce(): void {
  firstResultsAsTransitions = false;
}

/**
 * The one hook that binds a live read of the local store to a component. It
 * opens the database, subscribes to what `query` returns (an RxDB query's `$`
 * or any observable built on it) and re-renders whenever the store changes,
 * by the member's own write or by replication, online or offline. `query`
 * returns null while there is nothing to read (no member, a closed dialog).
 * `deps` lists what the query depends on, as with useMemo.
 *
 *   const { value: posts, loading, error, retry } =
 *     useLiveQuery((db) => db.posts.find({ selector: { discussion_id: id } }).$, [id], []);
 */
export function useLiveQuery<T>(query: (db: AppDatabase) => Observable<T> | null, deps: DependencyList, initial: T): LiveQuery<T> {
  const [attempt, setAttempt] = useState(0);
  const { db, error: openError } = useDatabaseOpening(attempt);
  const [state, setState] = useState<State<T>>({ value: initial, loading: true, error: null });

  useEffect(() => {
    if (openError) {
      setState((s) => ({ ...s, loading: false, error: openError }));
      return;
    }
    const source = db ? query(db) : null;
    if (!source) {
      // Only a change re-renders: on a cold start every screen mounts without a store, and a fresh state
      // object here would render the whole screen a second time before the first frame.
      setState((s) => (s.value === initial && s.loading && !s.error ? s : { value: initial, loading: true, error: null }));
      return;
    }
    // During the launch the first result mounts what it lists (a hub page, a thread's posts) as a transition, which
    // React builds in slices with the browser let in between. Later results change a few rows and show at once.
    let first = true;
    const sub = source.subscribe({
      next: (value) => {
        const update = () => setState({ value, loading: false, error: null });
        if (first && firstResultsAsTransitions) startTransition(update);
        else update();
        first = false;
      },
      error: (error: unknown) => setState((s) => ({ ...s, loading: false, error: toError(error) })),
    });
    return () => sub.unsubscribe();
    // The caller lists what the query depends on; `initial` only matters before the first result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, openError, attempt, ...deps]);

  const retry = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: null }));
    setAttempt((n) => n + 1);
  }, []);
  return useMemo(() => ({ ...state, retry }), [state, retry]);
}
