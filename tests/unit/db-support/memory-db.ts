import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { RxStorage } from 'rxdb';
import { createAppDatabase, type AppDatabase, type CreateAppDatabaseOptions } from '@/db/database';

/** Dexie over fake-indexeddb; createAppDatabase adds schema validation as in development builds. */
export function testStorage(): RxStorage<unknown, unknown> {
  return getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>;
}

/** A fresh app database over fake-indexeddb, one per test. */
export function testDatabase(options: Partial<CreateAppDatabaseOptions> = {}): Promise<AppDatabase> {
  return createAppDatabase({ name: `t${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`, storage: testStorage(), multiInstance: false, ...options });
}
