import { useEffect, useState, type DependencyList } from 'react';
import type { Observable } from 'rxjs';
import { getDatabase, type AppDatabase } from '@/db/database';

export type Live<T> = { value: T; ready: boolean; error: Error | null; retry: () => void };

/** A live query over the local store with its error state, so the screen can offer 'Try Again'. */
export function useLive<T>(factory: (db: AppDatabase) => Observable<T>, deps: DependencyList, initial: T): Live<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<Live<T>, 'retry'>>({ value: initial, ready: false, error: null });
  useEffect(() => {
    let alive = true;
    let unsubscribe: (() => void) | null = null;
    getDatabase().then(
      (db) => {
        if (!alive) return;
        const sub = factory(db).subscribe({
          next: (value) => setState({ value, ready: true, error: null }),
          error: (error: unknown) => setState((s) => ({ ...s, ready: true, error: error instanceof Error ? error : new Error(String(error)) })),
        });
        unsubscribe = () => sub.unsubscribe();
      },
      (error: unknown) => alive && setState((s) => ({ ...s, ready: true, error: error instanceof Error ? error : new Error(String(error)) })),
    );
    return () => {
      alive = false;
      unsubscribe?.();
    };
    // The caller lists what the factory depends on, as with useMemo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
