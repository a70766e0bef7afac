import { useEffect, useState } from 'react';
import { afterFirstScreen } from '@/lib/first-screen';
import type { AppDatabase } from '../database';

let resolved: AppDatabase | null = null;

/**
 * The app database, or null while IndexedDB opens. RxDB is imported here on
 * demand, after the first screen has painted, so a screen that only shows the
 * store below the fold does not pull RxDB into its first paint.
 */
export function useDatabase(): AppDatabase | null {
  const [db, setDb] = useState<AppDatabase | null>(resolved);
  useEffect(() => {
    if (db) return;
    let alive = true;
    void afterFirstScreen()
      .then(() => import('../database'))
      .then(({ getDatabase }) => getDatabase())
      .then((opened) => {
        resolved = opened;
        if (alive) setDb(opened);
      });
    return () => {
      alive = false;
    };
  }, [db]);
  return db;
}
