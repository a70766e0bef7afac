import { whenStoreIsWanted } from '@/lib/first-screen';
import { importWhenOnline } from '@/lib/import-when-online';
import { STORE_OPENING_MARK } from '@/lib/shell-constants';
import type { AppDatabase } from './database';

/**
 * RxDB's chunk and the opened app database, once the launch wants them (at
 * once on a screen made of local data, after the first paint on home). Every
 * caller shares the one import and the one open.
 */
export function loadDatabase(): Promise<AppDatabase> {
  return whenStoreIsWanted()
    .then(() => {
      if (typeof performance !== 'undefined' && performance.getEntriesByName(STORE_OPENING_MARK).length === 0) performance.mark(STORE_OPENING_MARK);
    })
    .then(() => importWhenOnline(() => import('./database')))
    .then(({ getDatabase }) => getDatabase());
}
