import { useEffect, useState } from 'react';
import type { AppDatabase } from '../database';
import { loadDatabase } from '../load-database';

let resolved: AppDatabase | null = null;

export type DatabaseOpening = { db: AppDatabase | null; error: Error | null };

export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The app database in a component: null while IndexedDB opens. This is the
 * one way a component reaches the local store (code outside React awaits
 * `loadDatabase()`). RxDB is imported on demand: after the first screen has
 * painted when the app launched on home, so home's first paint does not pull
 * RxDB in; at once on a screen made of local data.
 */
export function useDatabase(): AppDatabase | null {
  return useDatabaseOpening(0).db;
}

/**
 * The database with the reason it could not be opened; a new `attempt` asks
 * again after a failure. `useLiveQuery` builds on it to offer 'Try Again'.
 */
export function useDatabaseOpening(attempt: number): DatabaseOpening {
  const [state, setState] = useState<DatabaseOpening>({ db: resolved, error: null });
  const db = state.db;
  useEffect(() => {
    if (db) return;
    let alive = true;
    setState((s) => (s.error ? { db: null, error: null } : s));
    loadDatabase().then(
      (opened) => {
        resolved = opened;
        if (alive) setState({ db: opened, error: null });
      },
      (error: unknown) => {
        if (alive) setState({ db: null, error: toError(error) });
      },
    );
    return () => {
      alive = false;
    };
  }, [db, attempt]);
  return state;
}
