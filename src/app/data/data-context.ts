import { createContext, useContext } from 'react';
import type { AppDatabase } from '@/db/database';
import type { SyncHandle } from '@/db/replication/sync';

export interface AppData {
  /** the one local database, null while IndexedDB opens */
  db: AppDatabase | null;
  /** the running replication (member or visitor), null before it started */
  sync: SyncHandle | null;
  /** Removes everything the device holds (after the member confirmed) and starts afresh with a reload. */
  clearDevice: () => Promise<void>;
}

const notReady = () => Promise.reject(new Error('The local database is not open yet.'));

export const DataContext = createContext<AppData>({ db: null, sync: null, clearDevice: notReady });

/** The database and replication for routes; features receive them as props (features never import the app). */
export function useAppData(): AppData {
  return useContext(DataContext);
}
