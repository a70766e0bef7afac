import { createContext, useContext } from 'react';
import type { FreedSpace } from '@/db/pinning';
import type { SyncHandle } from '@/db/replication/sync';

export interface AppData {
  /** the running replication (member or visitor), null before it started */
  sync: SyncHandle | null;
  /** Removes everything the device holds (after the member confirmed) and starts afresh with a reload. */
  clearDevice: () => Promise<void>;
  /** Drops the posts of the kept threads opened longest ago from this device, keeping anything queued. */
  freeSpace: () => Promise<FreedSpace>;
}

const notReady = () => Promise.reject(new Error('The local database is not open yet.'));

export const DataContext = createContext<AppData>({ sync: null, clearDevice: notReady, freeSpace: notReady });

/**
 * The running replication and the device reset for routes; features receive them as props (features never
 * import the app). The database itself is reached through `useDatabase()` / `loadDatabase()` in `src/db`.
 */
export function useAppData(): AppData {
  return useContext(DataContext);
}
