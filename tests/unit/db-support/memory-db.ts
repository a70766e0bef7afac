import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getAppStorage } from '@/db/app-storage';
import type { RxStorage } from 'rxdb';
import { createAppDatabase, type AppDatabase, type CreateAppDatabaseOptions } from '@/db/database';

/** The app's storage over fake-indexeddb; createAppDatabase adds schema validation as in development builds. */
export function testStorage(): RxStorage<unknown, unknown> {
  return getAppStorage({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>;
}

/** A fresh app database over fake-indexeddb, one per test. */
export function testDatabase(options: Partial<CreateAppDatabaseOptions> = {}): Promise<AppDatabase> {
  return createAppDatabase({ name: `t${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`, storage: testStorage(), multiInstance: false, ...options });
}
