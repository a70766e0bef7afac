import { useEffect, useState, type DependencyList } from 'react';
import type { Observable } from 'rxjs';

export type LiveValue<T> = { value: T; ready: boolean; error: Error | null };

/**
 * Binds a live RxDB query to a component: `ready` turns true with the first
 * emission, later emissions (replication, local writes) re-render.
 */
export function useObservable<T>(factory: () => Observable<T> | null, deps: DependencyList, initial: T): LiveValue<T> {
  const [state, setState] = useState<LiveValue<T>>({ value: initial, ready: false, error: null });
  useEffect(() => {
    const source = factory();
    if (!source) {
      // Only a change re-renders: on a cold start every screen mounts without a store, and a fresh state
      // object here would render the whole screen a second time before the first frame.
      setState((s) => (s.value === initial && !s.ready && !s.error ? s : { value: initial, ready: false, error: null }));
      return;
    }
    const sub = source.subscribe({
      next: (value) => setState({ value, ready: true, error: null }),
      error: (error: unknown) => setState((s) => ({ ...s, ready: true, error: error instanceof Error ? error : new Error(String(error)) })),
    });
    return () => sub.unsubscribe();
    // The caller lists what the factory depends on, as with useMemo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
