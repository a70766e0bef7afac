import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** Subscribes to an observable the caller memoises by `deps`; `initial` until the first value. */
export function useObservable<T>(factory: () => Observable<T> | null, deps: readonly unknown[], initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const source = factory();
    if (!source) return;
    const sub = source.subscribe(setValue);
    return () => sub.unsubscribe();
    // The caller's deps decide when the source changes, as with useMemo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
