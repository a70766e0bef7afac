import { useEffect, useState } from 'react';
import { getDatabase, type AppDatabase } from '../database';

let resolved: AppDatabase | null = null;

/** The app database, or null for the first render while IndexedDB opens. */
export function useDatabase(): AppDatabase | null {
  const [db, setDb] = useState<AppDatabase | null>(resolved);
  useEffect(() => {
    if (db) return;
    let alive = true;
    void getDatabase().then((opened) => {
      resolved = opened;
      if (alive) setDb(opened);
    });
    return () => {
      alive = false;
    };
  }, [db]);
  return db;
}
