import { importWhenOnline } from '@/lib/import-when-online';
import { STORE_OPENING_MARK } from '@/lib/shell-constants';
import type { AppDatabase } from './database';
import { markOnce } from './launch-marks';

/**
 * When the store may open. The launch (src/launch/first-screen.ts) decides it and sets it from the
 * entry before anything renders: at once on a screen made of local data, after the first screen
 * otherwise. The store layer only waits for it, so it knows nothing of screens or routes.
 */
let storeWanted: () => Promise<void> = () => Promise.resolve();

export function openStoreWhen(when: () => Promise<void>): void {
  storeWanted = when;
}

/**
 * RxDB's chunk and the opened app database, once the launch wants them. Every caller shares the one
 * import and the one open.
 */
export function loadDatabase(): Promise<AppDatabase> {
  return storeWanted()
    .then(() => markOnce(STORE_OPENING_MARK))
    .then(() => importWhenOnline(() => import('./database')))
    .then(({ getDatabase }) => {
      markOnce('djcircle:database-chunk');
      return getDatabase();
    })
    .then((db) => {
      markOnce('djcircle:database-open');
      return db;
    });
}
