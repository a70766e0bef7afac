import { whenStoreIsWanted } from '@/lib/first-screen';
import { importWhenOnline } from '@/lib/import-when-online';
import type { AppDatabase } from './database';

/**
 * RxDB's chunk and the opened app database, once the launch wants them (at
 * once on a screen made of local data, after the first paint on home). Every
 * caller shares the one import and the one open.
 */
export function loadDatabase(): Promise<AppDatabase> {
  return whenStoreIsWanted()
    .then(() => importWhenOnline(() => import('./database')))
    .then(({ getDatabase }) => getDatabase());
}
