import { useEffect, useState } from 'react';
import type { AppDatabase } from '../database';
import { loadDatabase } from '../load-database';

let resolved: AppDatabase | null = null;

/**
 * The app database, or null while IndexedDB opens. RxDB is imported here on
 * demand: after the first screen has painted when the app launched on home, so
 * home's first paint does not pull RxDB in; at once on a screen made of local data.
 */
export function useDatabase(): AppDatabase | null {
  const [db, setDb] = useState<AppDatabase | null>(resolved);
  useEffect(() => {
    if (db) return;
    let alive = true;
    void loadDatabase().then((opened) => {
      resolved = opened;
      if (alive) setDb(opened);
    });
    return () => {
      alive = false;
    };
  }, [db]);
  return db;
}
